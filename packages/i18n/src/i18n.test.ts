import { activateLanguage, i18n } from './i18n';
import { directionOf, supportedLanguages } from './languages';
import { commonMessages } from './messages/common-messages';

describe('activateLanguage', () => {
  it('loads the Arabic catalog and turns the document right-to-left', async () => {
    await activateLanguage('ar');

    expect(i18n.locale).toBe('ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(i18n._(commonMessages.save)).toBe('حفظ');
  });

  it.each(['en', 'fr', 'uz'] as const)('sets %s left-to-right, also after Arabic', async (language) => {
    await activateLanguage('ar');
    await activateLanguage(language);

    expect(i18n.locale).toBe(language);
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.documentElement).toHaveAttribute('lang', language);
  });

  it('translates with the activated catalog', async () => {
    await activateLanguage('fr');
    expect(i18n._(commonMessages.save)).toBe('Enregistrer');

    await activateLanguage('uz');
    expect(i18n._(commonMessages.save)).toBe('Saqlash');

    await activateLanguage('en');
    expect(i18n._(commonMessages.save)).toBe('Save');
  });

  it('keeps the last requested language when switches overlap', async () => {
    await Promise.all([activateLanguage('ar'), activateLanguage('fr')]);

    expect(i18n.locale).toBe('fr');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });
});

describe('supportedLanguages', () => {
  it('offers the four portal languages, only Arabic right-to-left', () => {
    expect(supportedLanguages.map(({ code, dir }) => [code, dir])).toEqual([
      ['en', 'ltr'],
      ['fr', 'ltr'],
      ['ar', 'rtl'],
      ['uz', 'ltr'],
    ]);
    for (const { code, dir } of supportedLanguages) expect(directionOf(code)).toBe(dir);
  });
});
