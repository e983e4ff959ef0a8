import { playStory } from '@portal/ui-kit/testing';
import { MantineProvider } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { composeStories } from '@storybook/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { activateLanguage } from '../../i18n';
import { LANGUAGE_STORAGE_KEY, useLanguageStore } from '../../stores/language-store';
import { I18nRoot } from '../i18n-root';
import { LanguageMenu } from './language-menu';
import * as stories from './language-menu.stories';

// Mantine's test environment: no transitions or portals, so jsdom sees the open menu.
function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nRoot>
      <MantineProvider env="test">{children}</MantineProvider>
    </I18nRoot>
  );
}

// The stories bring their own I18nRoot; Mantine's test environment goes around them.
const { Default, SwitchToArabic } = composeStories(stories, {
  decorators: [
    (Story) => (
      <MantineProvider env="test">
        <Story />
      </MantineProvider>
    ),
  ],
});

async function renderMenu() {
  render(
    <Providers>
      <LanguageMenu />
      <p>
        <Trans>Save</Trans>
      </p>
    </Providers>,
  );
  return screen.findByRole('button', { name: 'Language: English' });
}

describe('LanguageMenu', () => {
  beforeEach(async () => {
    window.localStorage.clear();
    await useLanguageStore.persist.rehydrate();
    await activateLanguage('en');
  });

  it('switches the whole page to French at once and remembers it', async () => {
    const user = userEvent.setup();
    const button = await renderMenu();
    expect(screen.getByText('Save')).toBeInTheDocument();

    await user.click(button);
    await user.click(await screen.findByRole('menuitemradio', { name: 'Français' }));

    expect(await screen.findByText('Enregistrer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Langue\u00a0: Français' })).toBeInTheDocument();
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(document.documentElement).toHaveAttribute('lang', 'fr');
  });

  it('marks the current language and lists each in its own script', async () => {
    const user = userEvent.setup();
    await user.click(await renderMenu());

    const items = await screen.findAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual(['English', 'Français', 'العربية', 'Oʻzbekcha']);
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'العربية' })).toHaveAttribute('lang', 'ar');
  });

  it('works by keyboard alone and turns the layout right-to-left for Arabic', async () => {
    const user = userEvent.setup();
    const button = await renderMenu();

    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'العربية' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('حفظ')).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'اللغة: العربية' })).toBeInTheDocument();
  });

  it('closes on Escape without changing the language', async () => {
    const user = userEvent.setup();
    await user.click(await renderMenu());
    await screen.findByRole('menu');

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(useLanguageStore.getState().language).toBe('en');
  });
});

describe('LanguageMenu stories', () => {
  // Play functions drive a story as a browser would, outside React's act() bookkeeping.
  const reactGlobals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  beforeAll(() => {
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterAll(() => {
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = true;
  });

  beforeEach(async () => {
    window.localStorage.clear();
    await useLanguageStore.persist.rehydrate();
    await activateLanguage('en');
  });

  it('renders the default story with the current language', async () => {
    await playStory(Default);
  });

  it('runs the switch-to-Arabic interaction', async () => {
    await playStory(SwitchToArabic);
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
