import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { clearToasts } from '@/components/toasts/store';
import { authStore } from '@/lib/auth-store';
import { initI18n, i18n } from '@/lib/i18n';
import { needSections } from '@/lib/locale-needs';
import { SECTIONS } from 'virtual:locale-sections';

// No test may depend on how fast the machine is: on a loaded 2-core CI machine a lookup that
// takes 50 ms here can take seconds. `findBy…`/`waitFor` return as soon as the screen matches, so
// a long ceiling costs a passing test nothing; only a real failure waits it out.
configure({ asyncUtilTimeout: 15_000 });

beforeAll(async () => {
  window.scrollTo = () => {};
  // Components are rendered here without the router that loads each page's messages: all of them.
  needSections(SECTIONS);
  await initI18n();
  await i18n.changeLanguage('en');
});

// The test files share one environment and module cache per worker (vite.config.ts: no
// isolation, ~5x faster): what one test leaves in a module-level store is reset here.
afterEach(async () => {
  cleanup();
  clearToasts();
  authStore.setUser(null);
  document.documentElement.className = '';
  document.title = '';
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  window.localStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  });
});
