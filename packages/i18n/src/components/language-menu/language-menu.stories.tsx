import { Group, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { DEFAULT_LANGUAGE, isLanguage } from '../../languages';
import { LANGUAGE_STORAGE_KEY, useLanguageStore } from '../../stores/language-store';
import { I18nRoot } from '../i18n-root';
import { LanguageMenu } from './language-menu';

/** Forgets a stored choice, so the language store starts from the default again. */
async function forgetChosenLanguage() {
  window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  await useLanguageStore.persist.rehydrate();
}

const meta = {
  title: 'i18n/LanguageMenu',
  component: LanguageMenu,
  // As in the portal, I18nRoot follows the language store the menu writes (the preview around it
  // only follows the toolbar); the text beside the menu shows a translation re-rendering as the
  // language changes.
  decorators: [
    (Story) => (
      <I18nRoot>
        <Group justify="space-between" p="md">
          <Text>
            <Trans>Save</Trans>
          </Text>
          <Story />
        </Group>
      </I18nRoot>
    ),
  ],
  // Each story starts in the toolbar's language with no stored choice, and leaves none behind.
  beforeEach: async ({ globals }) => {
    await forgetChosenLanguage();
    const locale: unknown = globals.locale;
    useLanguageStore.getState().setDefaultLanguage(isLanguage(locale) ? locale : DEFAULT_LANGUAGE);
    return forgetChosenLanguage;
  },
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
