// Guard for the bundle budget per first signed-in page (ARCHITECTURE §8, issue 18): the JavaScript
// the browser loads for a signed-in user's first dashboard, Donations, Donors and New Claim page
// (tests/e2e/first-page-js.mjs says what is counted). bench/bundle.sh reports the figures against
// the 170 kB budget in English and Spanish; this keeps them from growing: a page above its
// ceiling turns the suite red. All four pages are within the budget (ADR 0023), so every ceiling
// is the budget itself, 170 kB.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser } from './helpers.mjs';
import { FIRST_PAGES, firstPageJs } from './first-page-js.mjs';

const CEILING_KB = { '/': 170, '/donations': 170, '/donors': 170, '/gift-aid/un-claimed': 170 };

describe('JavaScript of a signed-in user\'s first page', () => {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  for (const target of FIRST_PAGES) {
    test(`${target.path} loads at most ${CEILING_KB[target.path]} kB gzip of JS`, async () => {
      const { kb, files } = await firstPageJs(browser, target);
      const ceiling = CEILING_KB[target.path];
      const largest = files.slice(0, 8).map((file) => `${file.url} ${file.kb.toFixed(1)} kB`);
      assert.ok(
        kb <= ceiling,
        `${target.path}: ${kb.toFixed(1)} kB gzip in ${files.length} files > ${ceiling} kB; ` +
          `largest: ${largest.join(', ')}`,
      );
    });
  }
});
