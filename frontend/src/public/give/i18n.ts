import { createInstance, type i18n as I18n } from 'i18next';
import en from '../locales/en.json';
import es from '../locales/es.json';

export const PUBLIC_LOCALES = ['en', 'es'] as const;
export type PublicLocale = (typeof PUBLIC_LOCALES)[number];

const isLocale = (value: string | null | undefined): value is PublicLocale =>
  !!value && (PUBLIC_LOCALES as readonly string[]).includes(value);

/** ?lang=es wins; otherwise the browser's first language we have; otherwise English. */
export function pickLocale(search: string, languages: readonly string[]): PublicLocale {
  const asked = new URLSearchParams(search).get('lang');
  if (isLocale(asked)) return asked;
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return 'en';
}

/**
 * The page's own i18next instance with only the public strings (both languages are a few kB, so
 * they are bundled rather than fetched): the admin app's messages are never loaded here.
 */
export function createPublicI18n(locale: PublicLocale): I18n {
  const instance = createInstance();
  // Not `.use(initReactI18next)`: that would make it react-i18next's global instance; the page
  // passes it down with <I18nextProvider> instead, so nothing else ever sees it.
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources: { en: { translation: en }, es: { translation: es } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return instance;
}
