import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  AVAILABLE_LOCALES,
  COOKIE_DAYS,
  COOKIES,
  DEFAULT_LOCALE,
  type Locale,
} from '@/config/constants';
import { loaders, PROBES } from 'virtual:locale-sections';
import { getCookie, setCookie } from './cookies';
import { neededSections, onNeededSections } from './locale-needs';

/**
 * Each locale's messages are one chunk per section (top-level key), and a few large sections in
 * parts (`giftaid.settings`: some of its second-level keys), built by locale-sections.ts; a locale
 * loads only the chunks that the modules loaded so far use (src/lib/locale-needs.ts), and more as
 * lazy chunks bring modules that need them (ADR 0023).
 */
const sectionLoads = new Map<string, Promise<object>>();

function loadSection(locale: string, section: string): Promise<object> {
  const key = `${locale}/${section}`;
  let load = sectionLoads.get(key);
  if (!load) {
    const loader = loaders[locale]?.[section];
    if (!loader) return Promise.reject(new Error(`Unknown messages ${key}`));
    load = loader().then((module) => module.default);
    load.catch(() => sectionLoads.delete(key));
    sectionLoads.set(key, load);
  }
  return load;
}

/** The messages of `sections` as one tree: the parts of a section side by side in it. */
async function messagesOf(locale: string, sections: string[]): Promise<Record<string, object>> {
  const loaded = await Promise.all(sections.map((section) => loadSection(locale, section)));
  const tree: Record<string, object> = {};
  sections.forEach((chunk, index) => {
    const section = chunk.split('.')[0] as string;
    tree[section] = { ...tree[section], ...loaded[index] };
  });
  return tree;
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (!loaders[language]) {
      callback(new Error(`Unsupported locale ${language}`), false);
      return;
    }
    messagesOf(language, neededSections()).then(
      (messages) => callback(null, messages),
      (error: Error) => callback(error, false),
    );
  },
};

/**
 * Loads into i18next the sections of `locale` that loaded modules need and it lacks. The router
 * awaits this with each page's chunk, so a page renders with all of its messages.
 */
export async function loadNeededSections(locale: string = currentLocale()): Promise<void> {
  await initI18n();
  const missing = neededSections().filter(
    (section) => i18n.getResource(locale, 'translation', PROBES[section] ?? section) === undefined,
  );
  if (missing.length === 0) return;
  i18n.addResourceBundle(locale, 'translation', await messagesOf(locale, missing), true, false);
}

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
        // 'added': a section that arrives after its component rendered (a chunk loaded outside
        // the router) shows without a reload.
        react: { useSuspense: false, bindI18nStore: 'added' },
        returnNull: false,
      });
    onNeededSections(() => void loadNeededSections().catch(() => {}));
  }
  return initialised;
}

/** The locale middleware: loads the messages of the current locale. */
export async function loadLocale(): Promise<void> {
  await initI18n();
  const locale = currentLocale();
  await loadNeededSections(locale);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
}

export async function switchLocale(locale: Locale): Promise<void> {
  setCookie(COOKIES.locale, locale, COOKIE_DAYS);
  await loadLocale();
}

export { i18n };
