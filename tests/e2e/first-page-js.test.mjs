// Guard for the bundle budget per first signed-in page (ARCHITECTURE §8, issue 18): the JavaScript
// the browser loads for a signed-in user's first dashboard, Donations, Donors and New Claim page
// (tests/e2e/first-page-js.mjs says what is counted). bench/bundle.sh reports the figures against
// the 170 kB budget in English and Spanish; this keeps them from growing: a page above its
// ceiling turns the suite red. Each ceiling is the page's figure after ADR 0023's step 4 (the
// larger of English and Spanish) plus ~1 kB, under the 170 kB budget: a change that adds more
// than that to a first page is noticed here and measured against the budget.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser } from './helpers.mjs';
import { FIRST_PAGES, firstPageJs } from './first-page-js.mjs';

const CEILING_KB = { '/': 155.5, '/donations': 165, '/donors': 161, '/gift-aid/un-claimed': 167 };

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
