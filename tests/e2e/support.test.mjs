import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  BASE_URL,
  OWNER_EMAIL,
  pagesForThisFile,
  signIn,
} from './helpers.mjs';

const page = pagesForThisFile();

describe(`Support Centre at ${BASE_URL}`, () => {
  test('the owner files a ticket; the admin sees it with the badge and resolves it', async () => {
    const title = `Export button greyed out ${randomUUID().slice(0, 8)}`;

    // GIVEN the demo owner files a ticket from the Support entry
    const owner = await page();
    await signIn(owner, OWNER_EMAIL);
    await owner.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await owner.getByTestId('sidebar').getByRole('button', { name: 'Support' }).click();
    const panel = owner.getByRole('dialog', { name: 'Add Ticket' });
    await panel.getByLabel('Title').fill(title);
    await panel.getByLabel('Type').selectOption({ label: 'Report a bug' });
    await panel.getByLabel('Description').fill('The export button stays disabled on Donors.');
    await panel.getByRole('button', { name: 'Save' }).click();
    await owner.locator('.toast--success').getByText('Success').waitFor();
    await panel.waitFor({ state: 'detached' });

    // WHEN the platform admin signs in
    const admin = await page();
    await signIn(admin, ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const sidebar = admin.getByTestId('sidebar');
    const badge = sidebar.getByLabel(/open tickets?$/);
    await badge.waitFor();
    const openBefore = Number(await badge.textContent());
    assert.ok(openBefore >= 1, `badge shows ${openBefore}`);

    // THEN the ticket is in the Support Centre list, filed by the owner's charity
    await sidebar.getByRole('link', { name: /Support Centre/ }).click();
    await admin.getByRole('heading', { level: 1, name: 'Support Centre' }).waitFor();
    await admin.getByTestId('tile-open').locator('strong', { hasText: String(openBefore) }).waitFor();
    const row = admin.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    assert.match(await row.textContent(), /Riverside/);
    assert.match(await row.textContent(), /Open/);

    // AND the admin resolves it: the row, the tiles and the badge follow
    await row.getByRole('button', { name: title }).click();
    const details = admin.getByRole('dialog', { name: 'Ticket' });
    await details.getByText('The export button stays disabled on Donors.').waitFor();
    await details.getByLabel('Status').selectOption('resolved');
    await details.getByRole('button', { name: 'Update status' }).click();
    await admin.locator('.toast--success').waitFor();
    await details.locator('dl .badge', { hasText: 'Resolved' }).waitFor();
    await details.getByRole('button', { name: 'Close panel' }).click();
    await admin.getByRole('row').filter({ hasText: title }).getByText('Resolved').waitFor();
    await admin.waitForFunction(
      (expected) => {
        const count = document.querySelector('[data-testid="sidebar"] .sidebar__count');
        return Number(count?.textContent ?? 0) === expected;
      },
      openBefore - 1,
    );
    await admin.getByTestId('tile-resolved').locator('strong', { hasText: /^[1-9]/ }).waitFor();

    // AND filtering by status Resolved keeps it
    await admin.getByRole('button', { name: 'Filters' }).click();
    await admin.locator('.table-toolbar__filters').getByLabel('Status').selectOption('resolved');
    await admin.getByRole('button', { name: 'Filter', exact: true }).click();
    await admin.getByRole('row').filter({ hasText: title }).waitFor();
  });
});
