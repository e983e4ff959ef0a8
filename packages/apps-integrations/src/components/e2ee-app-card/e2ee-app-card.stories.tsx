import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AuthTestFrame, languageLoader } from '@portal/auth/testing';
import { fakePlugins, installFakeApps } from '../apps-screen/apps-screen.fixtures';
import type { PluginInfo } from '../../api/plugins/get-plugins-info';
import { E2eeAppCard } from './e2ee-app-card';

const e2ee = (change: Partial<PluginInfo> = {}) => fakePlugins({ e2ee: change }).find((entry) => entry.plugin === 'e2ee')!;

const meta = {
  title: 'Apps/E2eeAppCard',
  component: E2eeAppCard,
  args: { info: e2ee({ canManage: true }) },
  decorators: [
    (Story) => (
      <AuthTestFrame path="/app">
        <Story />
      </AuthTestFrame>
    ),
  ],
  beforeEach: () => void installFakeApps({ role: 'tenantadmin' }),
} satisfies Meta<typeof E2eeAppCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A tenant administrator turns it off again after confirming. */
export const English: Story = {
  parameters: { language: 'en' },
  loaders: [languageLoader('en')],
  args: { info: e2ee({ canManage: true, enabled: true }) },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('switch', { name: 'End-to-end encryption for new meetings' }));
    await expect(await within(document.body).findByRole('dialog', { name: 'Disable end-to-end encryption' })).toBeVisible();
  },
};

/** What a member sees: the state, not the switch. */
export const French: Story = {
  parameters: { language: 'fr' },
  loaders: [languageLoader('fr')],
  args: { info: e2ee() },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Seuls les administrateurs de votre organisation peuvent modifier ce réglage.')).toBeVisible();
  },
};

export const Arabic: Story = {
  parameters: { language: 'ar' },
  loaders: [languageLoader('ar')],
  play: async ({ canvasElement }) => {
    // Mantine's switch input is visually hidden behind its track: present and named, not "visible".
    await expect(await within(canvasElement).findByRole('switch', { name: 'التشفير من طرف إلى طرف للاجتماعات الجديدة' })).toBeInTheDocument();
    await expect(within(canvasElement).getByRole('heading', { name: 'التشفير من طرف إلى طرف' }).closest('[dir="rtl"]')).not.toBeNull();
  },
};

export const Uzbek: Story = {
  parameters: { language: 'uz' },
  loaders: [languageLoader('uz')],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Uchdan-uchgacha shifrlash' })).toBeVisible();
  },
};
