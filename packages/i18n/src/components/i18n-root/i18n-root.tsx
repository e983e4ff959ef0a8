import { DirectionProvider, useDirection } from '@mantine/core';
import { I18nProvider } from '@lingui/react';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { activateLanguage, i18n } from '../../i18n';
import { DEFAULT_LANGUAGE, directionOf } from '../../languages';
import type { Language } from '../../languages';
import { useLanguageStore } from '../../stores/language-store';

export type I18nRootProps = {
  children: ReactNode;
  /** Shown until the first catalog has loaded. */
  fallback?: ReactNode;
};

/**
 * Provides translations and text direction to the app: activates the stored language before its
 * children first render and follows every later change of the language store.
 */
export function I18nRoot({ children, fallback = null }: I18nRootProps) {
  const initialLanguage = useLanguageStore.getState().language;
  return (
    <DirectionProvider initialDirection={directionOf(initialLanguage)} detectDirection={false}>
      <ActiveLanguage fallback={fallback}>{children}</ActiveLanguage>
    </DirectionProvider>
  );
}

function ActiveLanguage({ children, fallback }: Required<I18nRootProps>) {
  const language = useLanguageStore((state) => state.language);
  const { setDirection } = useDirection();
  // A remount (e.g. after an error boundary reset) finds the catalog already active.
  const [activeLanguage, setActiveLanguage] = useState<Language | null>(() =>
    i18n.locale === language ? language : null,
  );
  const showsContent = useRef(activeLanguage !== null);

  useEffect(() => {
    let current = true;
    const apply = (target: Language) =>
      activateLanguage(target).then(() => {
        if (current && i18n.locale === target) {
          setDirection(directionOf(target));
          showsContent.current = true;
          setActiveLanguage(target);
        }
      });
    apply(language).catch(() => {
      // A catalog chunk that fails to load (offline, new deployment) must not leave the app on
      // its fallback: keep the language already shown, or show English.
      if (current && !showsContent.current && language !== DEFAULT_LANGUAGE) {
        return apply(DEFAULT_LANGUAGE);
      }
    });
    return () => {
      current = false;
    };
  }, [language, setDirection]);

  if (activeLanguage === null) return fallback;
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
