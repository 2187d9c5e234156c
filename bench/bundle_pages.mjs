// SPA bundle budget per first signed-in page (ARCHITECTURE §8, issue 18): the JavaScript that a
// signed-in user's first page makes the browser load, ≤ 170 kB gzip for each of the dashboard,
// Donations, Donors and New Claim, in English and Spanish.
//
//   .venv/bin/python -m chalicelocal.with_stack node bench/bundle_pages.mjs   (bench/bundle.sh runs it)
//
// Each page: a fresh Chromium context (empty cache) opens it signed out, is sent to /login, signs in
// as the demo owner and lands on it; every .js response until its content is visible and the network
// has been idle 500 ms is counted at its gzip size (level 9) — tests/e2e/first-page-js.mjs. Prints
// `page_js_gzip[/path]: 165.2 kB (N files)` per page (the larger of en and es, which is named) and
// `page_js_gzip_worst`, and exits 1 if a page is over the budget. kB = 1024 bytes, as bench/bundle.sh.
import { launchBrowser } from '../tests/e2e/helpers.mjs';
import { BUDGET_KB, FIRST_PAGES, firstPageJs } from '../tests/e2e/first-page-js.mjs';

const LOCALES = ['en', 'es'];
const verbose = process.argv.includes('--files');

async function main() {
  const browser = await launchBrowser();
  const over = [];
  let worst = { kb: 0, path: '' };
  try {
    for (const target of FIRST_PAGES) {
      let largest = null;
      for (const locale of LOCALES) {
        const result = await firstPageJs(browser, target, { locale });
        if (!result.idle) console.log(`# ${target.path} (${locale}): network not idle after 15 s`);
        if (verbose) {
          for (const file of result.files) console.log(`#   ${locale} ${file.kb.toFixed(1)} kB ${file.url}`);
        }
        if (!largest || result.kb > largest.kb) largest = { ...result, locale };
      }
      const verdict = largest.kb <= BUDGET_KB ? 'ok' : 'OVER';
      console.log(
        `page_js_gzip[${target.path}]: ${largest.kb.toFixed(1)} kB (${largest.files.length} files, ` +
          `${largest.locale}; budget ${BUDGET_KB} kB, ${verdict})`,
      );
      if (largest.kb > BUDGET_KB) over.push(target.path);
      if (largest.kb > worst.kb) worst = { kb: largest.kb, path: target.path };
    }
  } finally {
    await browser.close();
  }
  console.log(`page_js_gzip_worst: ${worst.kb.toFixed(1)} kB (${worst.path})`);
  console.log(over.length ? `budget: fail (page_js_gzip ${over.join(' ')})` : 'budget: pass');
  return over.length ? 1 : 0;
}

main().then(
  (status) => process.exit(status),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
