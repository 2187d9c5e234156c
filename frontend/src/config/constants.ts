/** Every number of the product spec §9 lives here and only here. */
export const APP_NAME = 'Almoner';

export const NOTIFICATION_POLL_MS = 10_000;
export const COOKIE_DAYS = 365;
export const IDLE_TIMEOUT_MS = 72_000_000;
export const IDLE_PLUGIN_DEFAULT_MS = 60_000;
export const SCROLL_DELAY_MS = 190;
export const DEBOUNCE_MS = 500;

export const TOAST_DURATION_MS = 3000;
export const TOAST_MAX_PER_GROUP = 10;
export const ERROR_NOTIFICATION_MS = 5000;
export const NOTIFY_ERROR_MS = 2000;
export const NOTIFICATION_DEFAULT_MS = 1000;
export const SUCCESS_TICKET_MS = 2000;
export const FORM_RECENTLY_SUCCESSFUL_MS = 2000;

export const LOADING_BAR = {
  heightPx: 3,
  successColor: '#00b549',
  failedColor: 'red',
  intervalMs: 100,
  durationMs: 3000,
  finishAbovePercent: 95,
} as const;

export const PAGE_SIZES = [20, 40, 50, 100, 500] as const;
export const PAGE_SIZE_ALL = 500;
export const DEFAULT_PAGE_SIZE = 20;
export const PAGINATION_WIDE_MIN_PX = 600;
export const PAGINATION_PAGES_WIDE = 5;
export const PAGINATION_PAGES_NARROW = 1;
export const SKELETON_ROWS = 10;
export const SKELETON_COLUMNS = 4;
export const REFRESH_PLACEHOLDER_ROWS = 20;

export const SEARCH_MAX_RESULTS = 20;
export const NOTIFICATION_MAX_WORDS = 20;
export const SIDEBAR_WIDTH_PX = 256;

export const CURRENCY = { symbol: '£', code: 'GBP' } as const;
export const CHUNK_TIMEOUT_MS = 120_000;
export const EXPORT_POLL_MS = 1000;

export const AVAILABLE_LOCALES = ['en', 'es'] as const;
export type Locale = (typeof AVAILABLE_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const DATE_LOCALE_TAGS: Record<Locale, string> = { en: 'en-GB', es: 'es-ES' };
/** Money is formatted en-GB in every language (spec: "Formatting is English (GB)"). */
export const MONEY_LOCALE_TAG = 'en-GB';

export const COOKIES = {
  locale: 'locale',
  intendedUrl: 'intended_url',
  xsrf: 'XSRF-TOKEN',
  startupToken: 'token',
} as const;

export const STORAGE_KEYS = { dark: 'dark' } as const;
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** The page builder saves the draft this long after the last change (issue 17). */
export const AUTOSAVE_DELAY_MS = 1500;
