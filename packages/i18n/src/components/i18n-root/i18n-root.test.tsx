import { MantineProvider, useDirection } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { act, render, screen } from '@testing-library/react';
import { activateLanguage } from '../../i18n';
import type { Language } from '../../languages';
import { LANGUAGE_STORAGE_KEY, useLanguageStore } from '../../stores/language-store';
import { I18nRoot } from './i18n-root';

function DirectionProbe() {
  const { dir } = useDirection();
  return <output aria-label="mantine direction">{dir}</output>;
}

async function startWith(stored: Language) {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, stored);
  await useLanguageStore.persist.rehydrate();
}

function renderRoot() {
  return render(
    <I18nRoot fallback={<p>Preparing</p>}>
      <MantineProvider>
        <button type="button">
          <Trans>Save</Trans>
        </button>
        <DirectionProbe />
      </MantineProvider>
    </I18nRoot>,
  );
}

describe('I18nRoot', () => {
  beforeEach(async () => {
    await activateLanguage('en');
  });
  afterEach(() => window.localStorage.clear());

  it('shows the fallback until the stored language is loaded, then the content in it', async () => {
    await startWith('fr');
    renderRoot();

    expect(screen.getByText('Preparing')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Enregistrer' })).toBeInTheDocument();
    expect(screen.queryByText('Preparing')).not.toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'fr');
  });

  it('starts an Arabic reader right-to-left, in the document and in Mantine', async () => {
    await startWith('ar');
    renderRoot();

    expect(await screen.findByRole('button', { name: 'حفظ' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByLabelText('mantine direction')).toHaveTextContent('rtl');
  });

  it('follows later language changes without showing the fallback again', async () => {
    await startWith('en');
    renderRoot();
    await screen.findByRole('button', { name: 'Save' });

    act(() => useLanguageStore.getState().setLanguage('ar'));
    expect(await screen.findByRole('button', { name: 'حفظ' })).toBeInTheDocument();
    expect(screen.getByLabelText('mantine direction')).toHaveTextContent('rtl');

    act(() => useLanguageStore.getState().setLanguage('uz'));
    expect(await screen.findByRole('button', { name: 'Saqlash' })).toBeInTheDocument();
    expect(screen.getByLabelText('mantine direction')).toHaveTextContent('ltr');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(screen.queryByText('Preparing')).not.toBeInTheDocument();
  });

  it("shows a visitor without a stored choice the tenant's Arabic default, right to left, storing nothing", async () => {
    window.localStorage.clear();
    await useLanguageStore.persist.rehydrate();
    renderRoot();
    await screen.findByRole('button', { name: 'Save' });

    act(() => useLanguageStore.getState().setDefaultLanguage('ar'));
    expect(await screen.findByRole('button', { name: 'حفظ' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByLabelText('mantine direction')).toHaveTextContent('rtl');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });
});
