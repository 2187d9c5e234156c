import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import {
  BASE_URL,
  launchBrowser,
  newPage,
  OWNER_EMAIL,
  signIn,
  trailOnFailure,
} from './helpers.mjs';

/**
 * The local stack's fake HMRC Transaction Engine (chalicelocal/fake_hmrc.py). Override with
 * ALMONER_FAKE_GATEWAY_URL to submit somewhere else.
 */
const FAKE_GATEWAY_URL =
  process.env.ALMONER_FAKE_GATEWAY_URL ?? `${BASE_URL}/fake-hmrc/submission`;

let browser;
let page;
let claimPath;

before(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  page.context().setDefaultTimeout(30_000);
  await signIn(page, OWNER_EMAIL);
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
});

trailOnFailure(() => (page ? [page.context()] : []));

after(async () => {
  await browser?.close();
});

async function createDonor({ first, last }) {
  await page.goto('/donors/create');
  const form = page.getByTestId('donor-form');
  await form.getByLabel('First name').fill(first);
  await form.getByLabel('Last name').fill(last);
  await form.getByLabel('House name or number').fill('12');
  await form.getByLabel('Address line 1').fill('High Street');
  await form.getByLabel('Town').fill('Bath');
  await form.getByLabel('Postcode').fill('BA1 1AA');
  await form.getByRole('button', { name: 'Add donor' }).click();
  await page.getByRole('heading', { level: 1, name: `${first} ${last}` }).waitFor();
  return new URL(page.url()).pathname.split('/')[2];
}

async function addDonation(donorId, amount) {
  await page.goto(`/donors/${donorId}/donations/create`);
  const form = page.getByTestId('donation-form');
  await form.getByLabel('Amount (£)').fill(amount);
  await form.getByLabel('Payment method').selectOption('cheque');
  await form.getByRole('button', { name: 'Add donation' }).click();
  await page.getByTestId('donor-details').waitFor();
}

async function fetchOk(url) {
  return page.evaluate(async (target) => {
    const response = await fetch(target);
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { status: response.status, head: Array.from(bytes.slice(0, 64)) };
  }, url);
}

describe(`Gift Aid at ${BASE_URL}`, () => {
  test('declaration, New Claim with reasons, claim progress, ODS and XML', async () => {
    const tag = randomUUID().slice(0, 6);
    // GIVEN the charity's Gift Aid settings
    await page.goto('/gift-aid/settings');
    const settings = page.getByTestId('gift-aid-settings');
    await settings.getByLabel('HMRC charity reference').fill('AB12345');
    await settings.getByLabel('First name').fill('Grace');
    await settings.getByLabel('Last name').fill('Hopper');
    await settings.getByLabel('Postcode').fill('BA1 1AA');
    await settings.getByLabel('Phone').fill('01225 000000');
    await settings.getByLabel('Gateway user ID').fill('323412300001');
    await settings.getByLabel('Gateway password').fill('testing1');
    await settings.getByLabel('Vendor ID').fill('1234');
    await settings.getByLabel('Endpoint', { exact: true }).selectOption('custom');
    await settings.getByLabel('Endpoint URL').fill(FAKE_GATEWAY_URL);
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.getByText('A password is set').waitFor();

    // AND a donor with a written declaration, and one without
    const declared = await createDonor({ first: 'Ada', last: `Declared${tag}` });
    const panel = page.getByTestId('declarations');
    await panel.getByRole('button', { name: 'Add declaration' }).click();
    const form = page.getByTestId('declaration-form');
    await form.getByLabel('Method').selectOption('written');
    await form.getByLabel('Statement version').fill('2026-01 paper form');
    // The scanned form goes from the page straight to S3 (a presigned PUT: the bucket's CORS and
    // the page's connect-src must both allow it).
    await form.getByLabel('Evidence').setInputFiles({
      name: 'declaration.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% a signed paper declaration\n'),
    });
    await form.getByRole('button', { name: 'Save declaration' }).click();
    await panel.getByTestId('declaration').filter({ hasText: 'Active' }).waitFor();
    const card = await panel.getByTestId('declaration').first().innerText();
    assert.match(card, /Written/);
    assert.match(card, /File kept/);

    const undeclared = await createDonor({ first: 'Bob', last: `Undeclared${tag}` });
    await addDonation(declared, '40.00');
    await addDonation(declared, '10.00');
    await addDonation(undeclared, '25.00');

    // THEN the undeclared donation is not eligible and says why, with a fix link
    await page.goto(`/donors/${undeclared}`);
    await page.getByTestId('table-donor_donations').getByRole('link').first().click();
    const section = page.getByTestId('donation-gift-aid');
    await section.getByText('Not eligible').waitFor();
    assert.match(await section.getByTestId('gift-aid-reason').innerText(), /no declaration covers/);
    await section.getByRole('link', { name: 'Add a declaration' }).waitFor();

    // WHEN New Claim is opened it lists the claimable lines and the reasons of the others
    await page.goto('/gift-aid/un-claimed');
    const problems = page.getByTestId('claim-problems');
    await problems.getByText(/no declaration covers/).first().waitFor();
    const table = page.getByTestId('table-gift_aid_claimable');
    await table.getByRole('combobox', { name: 'Rows per page' }).selectOption('100').catch(() => {});
    const mine = table.getByRole('row').filter({ hasText: `Declared${tag}` });
    // Claimable lines come oldest first: today's donations are on the last page.
    await table.getByRole('row').nth(1).waitFor();
    const next = table.getByRole('button', { name: 'Next' });
    while ((await mine.count()) === 0 && (await next.isEnabled())) {
      await next.click();
      await page.waitForTimeout(500);
    }
    await mine.first().waitFor();
    assert.equal(await mine.count(), 2);
    for (const row of await mine.all()) await row.getByRole('checkbox').check();
    await page.getByText('2 selected: £50.00, Gift Aid £12.50.').waitFor();

    // AND the claim is created, its progress shown until sealed (a two-donation claim may be
    // sealed before the page's first read of it: the page then opens the claim at once)
    await page.getByRole('button', { name: 'Create claim with 2 donations' }).click();
    await page.getByTestId('claim-progress').or(page.getByTestId('claim-state')).first().waitFor();
    await page.waitForURL(/\/gift-aid\/passed-claimed\//, { timeout: 60_000 });
    claimPath = new URL(page.url()).pathname;
    await page.getByTestId('claim-state').getByText('Sealed').waitFor({ timeout: 60_000 });
    const summary = await page.getByTestId('claim-summary').innerText();
    assert.doesNotMatch(summary, /Draft/);

    // THEN the ODS schedule and the R68 XML download
    const files = page.getByTestId('claim-files');
    const ods = files.getByRole('link', { name: /Gift Aid schedule/ });
    const xml = files.getByRole('link', { name: /R68 claim/ });
    const odsFile = await fetchOk(await ods.getAttribute('href'));
    assert.equal(odsFile.status, 200);
    assert.equal(Buffer.from(odsFile.head.slice(0, 2)).toString(), 'PK'); // a zip container
    const download = page.waitForEvent('download');
    await xml.click();
    const saved = await (await download).path();
    assert.match(await readFile(saved, 'utf8'), /GovTalkMessage/);
  });

  test('submit to the local fake gateway and see it accepted in Past Claims', async () => {
    assert.ok(claimPath, 'the claim of the previous test');
    // The gateway answers anything with a GovTalk message (an empty body: a fatal error).
    const probe = await fetch(FAKE_GATEWAY_URL, { method: 'POST', body: '' });
    const answer = await probe.text();
    assert.match(answer, /<Qualifier>error<\/Qualifier>/, `no fake gateway at ${FAKE_GATEWAY_URL}`);
    await page.goto(claimPath);
    await page.getByRole('button', { name: 'Submit to HMRC' }).click();
    await page.getByTestId('claim-state').getByText('Accepted').waitFor({ timeout: 90_000 });
    await page.getByTestId('claim-receipt').waitFor();
    await page.getByTestId('claim-submissions').waitFor();

    await page.goto('/gift-aid/reports');
    const claimId = claimPath.split('/').pop();
    const row = page
      .getByTestId('table-gift_aid_claims')
      .getByRole('row')
      .filter({ has: page.locator(`a[href$="${claimId}"]`) });
    await row.getByText('Accepted').waitFor();
    assert.match(await row.innerText(), /£12\.50/);
  });
});
