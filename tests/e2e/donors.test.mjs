import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { BASE_URL, OWNER_EMAIL, pagesForThisFile, signIn } from './helpers.mjs';

const page = pagesForThisFile();

async function ownerPage() {
  const opened = await page();
  await signIn(opened, OWNER_EMAIL);
  await opened.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  return opened;
}

/** Creates a donor through the form and returns its id (from the donor page URL). */
async function createDonor(page, { first, last, email, postcode }) {
  await page.goto('/donors/create');
  const form = page.getByTestId('donor-form');
  await form.getByLabel('First name').fill(first);
  await form.getByLabel('Last name').fill(last);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByLabel('House name or number').fill('12');
  await form.getByLabel('Address line 1').fill('High Street');
  await form.getByLabel('Town').fill('Bath');
  await form.getByLabel('Postcode').fill(postcode);
  await form.getByRole('button', { name: 'Add donor' }).click();
  await page.getByRole('heading', { level: 1, name: `${first} ${last}` }).waitFor();
  return new URL(page.url()).pathname.split('/')[2];
}

async function addDonation(page, donorId, { amount, method, ref }) {
  await page.goto(`/donors/${donorId}/donations/create`);
  const form = page.getByTestId('donation-form');
  await form.getByLabel('Amount (£)').fill(amount);
  await form.getByLabel('Payment method').selectOption(method);
  await form.getByLabel('External reference').fill(ref);
  await form.getByRole('button', { name: 'Add donation' }).click();
  await page.getByTestId('donor-details').waitFor();
}

describe(`Donors and donations at ${BASE_URL}`, () => {
  test('create a donor, add donations, search, filter, export, merge and undo', async () => {
    const page = await ownerPage();
    const tag = randomUUID().slice(0, 6);
    const last = `Quillfeather${tag}`;
    const email = `ada.${tag}@example.org`;

    // GIVEN a donor typed with a lower-case postcode: it is stored normalised
    const donorId = await createDonor(page, { first: 'Ada', last, email, postcode: 'ba11aa' });
    assert.match(await page.getByTestId('donor-details').textContent(), /BA1 1AA/);

    // WHEN two donations are added from the donor page
    await addDonation(page, donorId, { amount: '25', method: 'cheque', ref: `CHQ-${tag}` });
    await addDonation(page, donorId, { amount: '12.50', method: 'cash', ref: `CSH-${tag}` });

    // THEN the donor's totals and history show both
    await page.getByTestId('tile-all_time').getByText('£37.50').waitFor();
    await page.getByTestId('table-donor_donations').getByText('£25.00').waitFor();
    await page.getByTestId('table-donor_donations').getByText('£12.50').waitFor();

    // AND the header's global search finds the donor
    const search = page.getByPlaceholder('Search Donors...');
    await search.fill(last.toLowerCase());
    const result = page.locator('.global-search__results').getByRole('option', { name: new RegExp(last) });
    await result.click();
    await page.waitForURL(new RegExp(`/donors/${donorId}$`));

    // AND the donations list filters by donor and method, with totals of the filtered set
    await page.goto('/donations');
    await page.getByRole('button', { name: 'Filters' }).click();
    const filters = page.locator('.table-toolbar__filters');
    await filters.getByLabel('Donor').fill(last);
    await filters.getByRole('option', { name: new RegExp(last) }).click();
    await filters.getByLabel('Payment method').selectOption('cheque');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const table = page.getByTestId('table-donations');
    await table.getByRole('cell', { name: '£25.00' }).waitFor();
    await page.getByTestId('donation-totals').getByText('1 donation, £25.00 in total').waitFor();
    assert.equal(await table.getByRole('cell', { name: '£12.50' }).count(), 0);

    // AND the export of that view is a CSV with the filtered row only
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    assert.match(download.suggestedFilename(), /^\d{4}-\d{2}-\d{2}-donations\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    assert.match(csv, new RegExp(`CHQ-${tag}|25\\.00`));
    assert.doesNotMatch(csv, new RegExp(`CSH-${tag}`));
    await page.getByRole('button', { name: 'Clear All' }).click();

    // GIVEN a duplicate of the donor (same email)
    const duplicateId = await createDonor(page, { first: 'Ada', last, email, postcode: 'BA1 1AA' });
    assert.notEqual(duplicateId, donorId);

    // WHEN they are merged, keeping the first
    await page.goto('/donors/merge');
    // Best match first: the exact pair (same email, name and postcode) leads the list.
    const pair = page.getByTestId('duplicates').getByRole('row').filter({ hasText: last }).first();
    await pair.getByRole('button', { name: 'Compare and merge' }).click();
    const picker = page.getByTestId('merge-picker');
    await picker.getByRole('button', { name: 'Merge' }).click();
    await page.getByRole('alertdialog', { name: 'Merge these donors?' }).getByRole('button', { name: 'Merge' }).click();
    await page.locator('.toast--success').getByText(/merged into/).waitFor();
    const history = page.getByTestId('merge-history').getByRole('row').filter({ hasText: last }).first();
    await history.getByText('Merged', { exact: true }).waitFor();

    // THEN undo, confirmed, brings the duplicate back
    await history.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('alertdialog', { name: 'Undo this merge?' }).getByRole('button', { name: 'Undo' }).click();
    await page.locator('.toast--success').getByText('The merge has been undone.').waitFor();
    await history.getByText('Undone').waitFor();
    await page.goto(`/donors/${duplicateId}`);
    await page.getByRole('heading', { level: 1, name: `Ada ${last}` }).waitFor();
    await page.goto(`/donors/${donorId}`);
    await page.getByTestId('tile-all_time').getByText('£37.50').waitFor();
  });
});
