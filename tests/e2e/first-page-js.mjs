// What a signed-in user's first page costs in JavaScript (ARCHITECTURE §8, issue 18): a fresh
// browser context (empty cache) opens the page signed out, is sent to /login, signs in and lands
// on the page; every `.js` response from the first request until the page's content is visible
// and the network has been idle for IDLE_MS is counted, at its gzip size (level 9, of the bytes
// served). Used by bench/bundle_pages.mjs (the figures) and first-page-js.test.mjs (the guard).
import { gzipSync } from 'node:zlib';
import { BASE_URL, DEMO_PASSWORD, newPage, OWNER_EMAIL } from './helpers.mjs';

export const BUDGET_KB = 170;
const IDLE_MS = 500;
const IDLE_CAP_MS = 15_000;

/** The four pages the budget names, each with what "its content is visible" means. */
export const FIRST_PAGES = [
  {
    name: 'dashboard',
    path: '/',
    content: ['[data-testid="tile-gift_aid"]', '[data-testid="chart"]'],
  },
  { name: 'donations', path: '/donations', content: ['[data-testid="table-donations"] tbody tr'] },
  { name: 'donors', path: '/donors', content: ['[data-testid="table-donors"] tbody tr'] },
  {
    name: 'new-claim',
    path: '/gift-aid/un-claimed',
    content: ['[data-testid="table-gift_aid_claimable"] tbody tr'],
  },
];

/** Resolves once no request has been in flight for IDLE_MS (or after IDLE_CAP_MS, reported). */
function idleTracker(context) {
  let inFlight = 0;
  let lastChange = Date.now();
  const started = (request) => {
    if (request.url().startsWith('data:')) return;
    inFlight += 1;
    lastChange = Date.now();
  };
  const ended = (request) => {
    if (request.url().startsWith('data:')) return;
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  context.on('request', started);
  context.on('requestfinished', ended);
  context.on('requestfailed', ended);
  return async function networkIdle() {
    const deadline = Date.now() + IDLE_CAP_MS;
    while (Date.now() < deadline) {
      if (inFlight === 0 && Date.now() - lastChange >= IDLE_MS) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  };
}

/**
 * Signs in (as the demo owner unless `email`/`password` are given) from a fresh context that
 * first asked for `page.path`, waits for its content and for the network to be idle, and returns
 * `{ kb, files: [{ url, kb }], idle }` for every JavaScript file the browser loaded meanwhile.
 */
export async function firstPageJs(
  browser,
  target,
  { email = OWNER_EMAIL, password = DEMO_PASSWORD, locale, via = 'ui' } = {},
) {
  const { context, page } = await newPage(browser);
  try {
    if (locale) await context.addCookies([{ name: 'locale', value: locale, url: BASE_URL }]);
    const scripts = new Map();
    const bodies = [];
    context.on('response', (response) => {
      const url = new URL(response.url());
      const type = response.headers()['content-type'] ?? '';
      if (!url.pathname.endsWith('.js') && !/javascript/.test(type)) return;
      bodies.push(
        response.body().then(
          (body) => scripts.set(url.pathname, gzipSync(body, { level: 9 }).length / 1024),
          () => scripts.set(url.pathname, Number.NaN),
        ),
      );
    });
    const networkIdle = idleTracker(context);
    if (via === 'api') {
      const reply = await context.request.post('/api/login', { data: { email, password } });
      if (!reply.ok()) throw new Error(`POST /api/login: ${reply.status()}`);
      await page.goto(target.path);
    } else {
      await page.goto(target.path);
      await page.waitForURL((url) => url.pathname === '/login');
      await page.locator('input[name=email]').fill(email);
      await page.locator('input[name=password]').fill(password);
      await page.locator('form button[type=submit]').first().click();
    }
    await page.waitForURL((url) => url.pathname === target.path);
    for (const selector of target.content) {
      await page.locator(selector).first().waitFor({ state: 'visible' });
    }
    const idle = await networkIdle();
    await Promise.all(bodies);
    const files = [...scripts].map(([url, kb]) => ({ url, kb })).sort((a, b) => b.kb - a.kb);
    const kb = files.reduce((sum, file) => sum + file.kb, 0);
    return { kb, files, idle };
  } finally {
    await context.close();
  }
}
