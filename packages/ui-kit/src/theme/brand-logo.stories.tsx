import { Button, Group, Stack, Text } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { UiTestProviders } from '../testing';
import { BrandLogo } from './brand-logo';
import type { PortalBranding } from './branding';

const logo = (fill: string) =>
  `data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg" width="140" height="32"><rect width="140" height="32" rx="6" fill="${encodeURIComponent(fill)}"/></svg>`;

const globex: PortalBranding = {
  sname: 'globex',
  brandname: 'Globex Video',
  brandUrl: 'https://globex.example',
  logos: { logoDark: logo('#0c4a6e'), logoWhite: logo('#f0f9ff') },
  text: { portal_login_heading: 'Welcome back to Globex Video' },
  signup: { normal: true, social: true },
  theme: { lite: { primary: '#0284c7', text: '#1e293b' } },
};

const mantineCss = (canvasElement: HTMLElement) =>
  Array.from(canvasElement.ownerDocument.querySelectorAll('style'))
    .map((style) => style.textContent)
    .join('\n');

const meta = {
  title: 'ui-kit/Theme/BrandLogo',
  tags: ['autodocs'],
  component: BrandLogo,
  render: (args) => (
    <UiTestProviders branding={args.branding ?? undefined}>
      <Stack>
        <BrandLogo {...args} />
        <Group>
          <Button>Primary action</Button>
          <Button variant="light">Secondary</Button>
        </Group>
        <Text>Body text in the tenant text colour.</Text>
      </Stack>
    </UiTestProviders>
  ),
  args: { branding: globex },
} satisfies Meta<typeof BrandLogo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TenantBranding: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'Globex Video' })).toHaveAttribute('src', expect.stringContaining('%230c4a6e'));
    // Mantine publishes the theme as CSS variables; the primary colour now points at the tenant palette.
    const css = mantineCss(canvasElement);
    await expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-brand-filled)');
    await expect(css).toContain('--mantine-color-brand-6: #0284c7');
    await expect(css).toContain('--mantine-color-text: #1e293b');
  },
};

export const DefaultBranding: Story = {
  args: { branding: { sname: 'acme', brandname: 'Acme Meet', logos: {}, text: {}, signup: { normal: true, social: false } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // No logo: the brand name stands in.
    await expect(canvas.getByText('Acme Meet')).toBeVisible();
    const css = mantineCss(canvasElement);
    await expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-orange-filled)');
    await expect(css).toContain('--mantine-color-text: #374151');
  },
};
