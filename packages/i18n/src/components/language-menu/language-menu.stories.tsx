import { Group, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { LanguageMenu } from './language-menu';

const meta = {
  title: 'i18n/LanguageMenu',
  component: LanguageMenu,
  // The preview provides I18nRoot and Mantine; the text beside the menu shows a translation
  // re-rendering as the language changes.
  decorators: [
    (Story) => (
      <Group justify="space-between" p="md">
        <Text>
          <Trans>Save</Trans>
        </Text>
        <Story />
      </Group>
    ),
  ],
} satisfies Meta<typeof LanguageMenu>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Language: English' })).toBeInTheDocument();
  },
};

export const SwitchToArabic: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The menu renders in a portal outside the story's canvas.
    const page = within(canvasElement.ownerDocument.body);

    await userEvent.click(await canvas.findByRole('button', { name: /English/ }));
    await userEvent.click(await page.findByRole('menuitemradio', { name: 'العربية' }));

    await expect(await canvas.findByText('حفظ')).toBeInTheDocument();
    await waitFor(() => expect(canvasElement.ownerDocument.documentElement).toHaveAttribute('dir', 'rtl'));
    await expect(canvas.getByRole('button', { name: /العربية/ })).toBeInTheDocument();
  },
};
