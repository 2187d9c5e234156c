import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import {
  BASE_URL,
  launchBrowser,
  newPage,
  signIn,
  STAFF_EMAIL,
  trailOnFailure,
} from './helpers.mjs';

// Jobs run through the local stack's SQS runner: give them time on a busy machine.
const JOB_TIMEOUT = 90_000;

let browser;
let page;

before(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  page.context().setDefaultTimeout(30_000);
  // Staff, not the owner: the seeded staff role has import-donations among its permissions.
  await signIn(page, STAFF_EMAIL);
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
});

trailOnFailure(() => (page ? [page.context()] : []));

after(async () => {
  await browser?.close();
});

/**
 * A JustGiving donation report as charities download it (its own headers), with a BOM, a
 * quoted "£1,234.50", a donor with accents, one row whose date does not exist and one whose
 * amount is not a number.
 */
function justGivingCsv(tag) {
  const header = [
    'Donation Ref',
    'Donation Date',
    'Donation Auth Amount',
    'Donor FirstName',
    'Donor LastName',
    'Donor E-mail',
    'Donor Address Line 1',
    'Donor Town',
    'Donor Postcode',
    'Donation Message',
    'Gift Aid Status',
  ];
  const rows = [
    [`JG-${tag}-1`, '05/04/2026', '25.00', 'Zoë', `Brontë${tag}`, `zoe.${tag}@example.org`, '1 Mill Lane', 'Leeds', 'LS1 4AP', 'Good luck!', 'Claimed'],
    [`JG-${tag}-2`, '06/04/2026', '"£1,234.50"', 'Zoë', `Brontë${tag}`, `zoe.${tag}@example.org`, '1 Mill Lane', 'Leeds', 'LS1 4AP', '', 'Claimed'],
    [`JG-${tag}-3`, '31/02/2026', '10.00', 'Bad', `Date${tag}`, `bad.${tag}@example.org`, '2 Mill Lane', 'Leeds', 'LS1 4AP', '', 'Not claimed'],
    [`JG-${tag}-4`, '07/04/2026', 'ten pounds', 'Bad', `Amount${tag}`, `amount.${tag}@example.org`, '3 Mill Lane', 'Leeds', 'LS1 4AP', '', 'Not claimed'],
  ];
  const lines = [header.join(','), ...rows.map((row) => row.join(','))];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** The rows of a CSV file (RFC 4180: quoted cells, doubled quotes, CRLF), without a BOM. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index];
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      rows.push([...row, cell.replace(/\r$/, '')]);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** GET an API path with the page's own session (no XSRF needed for reads). */
async function apiGet(path) {
  return page.evaluate(async (target) => {
    const response = await fetch(target, { headers: { Accept: 'application/json' } });
    return { status: response.status, body: await response.json().catch(() => null) };
  }, path);
}

/** Resolves true once the import's progress bar has been on screen (however briefly). */
async function watchForProgress() {
  await page.evaluate(() => {
    window.__importProgressSeen = false;
    const seen = () => document.querySelector('[data-testid="import-progress"] progress');
    const observer = new MutationObserver(() => {
      if (seen()) {
        window.__importProgressSeen = true;
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => window.__importProgressSeen === true);
}

describe(`Imports at ${BASE_URL}`, () => {
  test('upload a JustGiving file, map, preview, check, import, read the errors, undo', async () => {
    const tag = randomUUID().slice(0, 6);
    const filename = `justgiving-${tag}.csv`;

    // GIVEN the import screen, opened from the menu by a user with import-donations
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByRole('button', { name: /Donations/ }).click();
    await sidebar.getByRole('link', { name: 'Import', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Import data' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/donations/import-data');

    // WHEN a JustGiving report with two bad rows is uploaded
    await page.getByLabel('Choose a file').setInputFiles({
      name: filename,
      mimeType: 'text/csv',
      buffer: justGivingCsv(tag),
    });
    // The upload's own error, if any, fails the test at once with the page's words.
    const uploadError = page.getByTestId('import-upload').getByRole('alert');
    await page.getByRole('heading', { name: 'What we found in the file' }).or(uploadError).waitFor();
    assert.equal(await uploadError.count(), 0, `upload failed: ${await uploadError.allInnerTexts()}`);
    const detected = page.getByTestId('import-detected');
    assert.match(await detected.innerText(), /Comma \(,\)/);
    assert.match(await detected.innerText(), /Columns\s+11/);

    // THEN it maps with the JustGiving preset, every required field covered
    await page.getByLabel('Start from').selectOption('justgiving');
    assert.equal(await page.getByLabel('Import column “Donation Auth Amount” as').inputValue(), 'amount');
    assert.equal(await page.getByLabel('Import column “Donation Date” as').inputValue(), 'date');
    assert.equal(await page.getByLabel('Import column “Donor E-mail” as').inputValue(), 'email');
    await page.getByText('Every required field has a column.').waitFor();
    await page.getByRole('button', { name: 'Save mapping and preview' }).click();

    // AND the preview shows the rows as stored, each bad value explained on its own row
    const preview = page.getByTestId('import-preview');
    await preview.getByTestId('preview-row').first().waitFor();
    const rows = preview.getByTestId('preview-row');
    assert.equal(await rows.count(), 4);
    assert.match(await rows.nth(0).innerText(), /^2\b/);
    assert.match(await rows.nth(0).innerText(), /Zoë/);
    assert.match(await rows.nth(1).innerText(), /£1,234\.50/);
    assert.match(await rows.nth(2).innerText(), /^4\b/);
    assert.match(await rows.nth(2).innerText(), /Donation Date: .*31\/02\/2026/);
    assert.match(await rows.nth(3).innerText(), /^5\b/);
    assert.match(await rows.nth(3).innerText(), /Donation Auth Amount: .*ten pounds/);

    // WHEN every row is checked (a dry run: nothing written)
    await page.getByRole('button', { name: 'Check all rows' }).click();
    await page.getByText('All 4 rows checked. Nothing has been written yet.').waitFor({ timeout: JOB_TIMEOUT });
    assert.match(await page.getByTestId('tile-import-donations_new').innerText(), /Donations to create\s*2/);
    assert.match(await page.getByTestId('tile-import-donors_new').innerText(), /New donors\s*1/);
    assert.match(await page.getByTestId('tile-import-errors').innerText(), /Rows with errors\s*2/);
    const before = await apiGet(`/api/donors?search=${encodeURIComponent(`Brontë${tag}`)}`);
    assert.equal(before.status, 200);
    assert.equal(before.body.data.length, 0, 'the dry run wrote no donor');

    // AND the import runs with a progress bar until every step is done
    const progressSeen = await watchForProgress();
    await page.getByRole('button', { name: 'Import 2 donations' }).click();
    await page.getByRole('heading', { name: 'Import finished' }).waitFor({ timeout: JOB_TIMEOUT });
    assert.equal(await progressSeen(), true, 'the progress bar was shown');
    assert.equal(await page.getByTestId('import-progress').count(), 0, 'the progress bar is gone');
    assert.deepEqual(await page.getByTestId('import-steps').getByRole('listitem').allTextContents(), [
      'Upload (done)',
      'Map columns (done)',
      'Preview and check (done)',
      'Import (done)',
    ]);
    assert.match(await page.getByTestId('import-status').innerText(), /Imported/);
    assert.match(await page.getByTestId('tile-import-rows').innerText(), /Rows in the file\s*4/);
    assert.match(await page.getByTestId('tile-import-donations_new').innerText(), /Donations created\s*2/);
    assert.match(await page.getByTestId('tile-import-errors').innerText(), /Rows rejected\s*2/);

    // THEN the donor and both donations exist
    const found = await apiGet(`/api/donors?search=${encodeURIComponent(`Brontë${tag}`)}`);
    assert.equal(found.body.data.length, 1);
    const donorId = found.body.data[0].id;
    await page.goto(`/donors/${donorId}`);
    const byDonor = `/api/donations?filters=${encodeURIComponent(JSON.stringify({ donor_id: donorId }))}`;
    const imported = await apiGet(byDonor);
    assert.equal(imported.status, 200);
    assert.equal(imported.body.data.length, 2);
    const donations = page.getByTestId('table-donor_donations');
    await donations.getByText('£1,234.50').waitFor();
    await donations.getByText('£25.00').waitFor();

    // AND the import is in the history, and opens again from there
    await page.goto('/donations/import-data');
    const history = page.getByTestId('import-history');
    const entry = history.getByRole('row').filter({ hasText: filename });
    await entry.getByText('Imported').waitFor();
    await entry.getByRole('link').click();
    await page.getByRole('heading', { name: 'Import finished' }).waitFor();

    // AND the error report gives each rejected row's number, outcome, column, value and reason
    const report = page.getByTestId('import-errors');
    await report.getByRole('heading', { name: 'Error report: 2 rows rejected' }).waitFor();
    const badDate = report.getByRole('row').filter({ hasText: '31/02/2026' });
    const badAmount = report.getByRole('row').filter({ hasText: 'ten pounds' });
    assert.match(await badDate.innerText(), /^4\s+Rejected\s+Donation Date\s+31\/02\/2026\s+\S+/);
    assert.match(await badAmount.innerText(), /^5\s+Rejected\s+Donation Auth Amount\s+ten pounds\s+\S+/);
    // and downloads as CSV, the same rows in file order
    const download = page.waitForEvent('download');
    await report.getByRole('button', { name: 'Download errors (CSV)' }).click();
    const saved = await (await download).path();
    const csv = parseCsv(await readFile(saved, 'utf8'));
    assert.deepEqual(csv[0], ['row', 'outcome', 'column', 'value', 'reason']);
    assert.equal(csv.length, 3);
    assert.deepEqual(csv[1].slice(0, 4), ['4', 'Rejected', 'Donation Date', '31/02/2026']);
    assert.deepEqual(csv[2].slice(0, 4), ['5', 'Rejected', 'Donation Auth Amount', 'ten pounds']);
    assert.ok(csv[1][4] && csv[2][4], 'each rejected row has a reason');

    // WHEN the import is undone, after a confirmation with the counts
    await page.getByRole('button', { name: 'Undo import' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Undo this import?' });
    await dialog.getByText('2 donations').waitFor();
    await dialog.getByText('1 donor', { exact: true }).waitFor();
    await dialog.getByText('0 Gift Aid declarations').waitFor();
    await dialog.getByRole('button', { name: 'Undo import' }).click();
    await page.getByRole('heading', { name: 'Import undone' }).waitFor({ timeout: JOB_TIMEOUT });
    assert.match(await page.getByTestId('import-status').innerText(), /Undone/);

    // THEN the donations and the donor the import created are gone
    const afterUndo = await apiGet(byDonor);
    assert.equal(afterUndo.status, 200);
    assert.deepEqual(afterUndo.body.data, []);
    await page.goto(`/donors/${donorId}`);
    await page.getByText('Page not found').first().waitFor();
  });
});
