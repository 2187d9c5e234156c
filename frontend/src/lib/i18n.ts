import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  AVAILABLE_LOCALES,
  COOKIE_DAYS,
  COOKIES,
  DEFAULT_LOCALE,
  type Locale,
} from '@/config/constants';
import { getCookie, setCookie } from './cookies';

/** Each locale's messages are a separate chunk, loaded when that locale is first used. */
const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const loaders: Record<Locale, () => Promise<{ default: object }>> = {
      en: () => import('@/locales/en.json'),
      es: () => import('@/locales/es.json'),
    };
    const loader = loaders[language as Locale];
    if (!loader) {
      callback(new Error(`Unsupported locale ${language}`), false);
      return;
    }
    loader().then(
      (module) => callback(null, module.default as Record<string, unknown>),
      (error: Error) => callback(error, false),
    );
  },
};

export function isAvailableLocale(value: string | null | undefined): value is Locale {
  return !!value && (AVAILABLE_LOCALES as readonly string[]).includes(value);
}

/** The cookie locale, used only if it is among the available locales (spec §4). */
export function currentLocale(): Locale {
  const fromCookie = getCookie(COOKIES.locale);
  return isAvailableLocale(fromCookie) ? fromCookie : DEFAULT_LOCALE;
}

let initialised: Promise<unknown> | null = null;

export function initI18n(): Promise<unknown> {
  if (!initialised) {
    initialised = i18n
      .use(lazyLocales)
      .use(initReactI18next)
      .init({
        lng: currentLocale(),
        fallbackLng: false,
        supportedLngs: [...AVAILABLE_LOCALES],
        interpolation: { escapeValue: false },
        react: { useSuspense: false },
        returnNull: false,
      });
  }
  return initialised;
}

/** The locale middleware: loads the messages of the current locale. */
export async function loadLocale(): Promise<void> {
  await initI18n();
  const locale = currentLocale();
  if (i18n.language !== locale || !i18n.hasResourceBundle(locale, 'translation')) {
    await i18n.changeLanguage(locale);
  }
  document.documentElement.lang = locale;
}

export async function switchLocale(locale: Locale): Promise<void> {
  setCookie(COOKIES.locale, locale, COOKIE_DAYS);
  await loadLocale();
}

export { i18n };
