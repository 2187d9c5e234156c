import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { BASE_URL, DEMO_PASSWORD, OWNER_EMAIL, pagesForThisFile, signIn } from './helpers.mjs';

const page = pagesForThisFile();

// en-GB money: pound sign first, comma thousands, point pence ("£1,709.26"), never "1709,26 £".
const EN_GB_MONEY = /£\d{1,3}(,\d{3})*\.\d{2}/;
const OTHER_MONEY = /\d,\d{2}\s?£|\d\.\d{3},\d{2}|£\d{4,}/;

describe(`Issue 14 (exports, money) at ${BASE_URL}`, () => {
  test('Donors → Export CSV downloads the donors with the visible columns as its header row', async () => {
    // Reads the demo donors only (an export changes nothing).
    const p = await page();
    await signIn(p, OWNER_EMAIL);
    await p.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await p.goto('/donors');
    const table = p.getByTestId('table-donors');
    await table.getByRole('columnheader', { name: 'Total given' }).waitFor();
    await table.locator('tbody tr').first().waitFor();
    const downloading = p.waitForEvent('download');
    await p.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    assert.match(download.suggestedFilename(), /^\d{4}-\d{2}-\d{2}-donors\.csv$/);
    const lines = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').split(/\r?\n/);
    assert.equal(lines[0], '"Name","Email","Postcode","Total given","Created"');
    assert.ok(lines.filter((line) => line.trim()).length > 1, 'the file lists the donors');
    assert.equal(await p.getByText('The export failed').count(), 0);
  });

  test('in Spanish the bell and the dashboard show money en-GB (£1,709.26)', async () => {
    const p = await page();
    await p.goto('/login');
    await p.getByLabel('Language').selectOption('es');
    await p.getByLabel('Correo electrónico').fill(OWNER_EMAIL);
    await p.getByLabel('Contraseña').fill(DEMO_PASSWORD);
    await p.getByRole('button', { name: 'Iniciar sesión' }).click();
    await p.getByRole('heading', { level: 1, name: 'Panel' }).waitFor();
    // The dashboard's unclaimed Gift Aid tile (formatted by the SPA)
    const tile = p.getByTestId('tile-gift_aid');
    await tile.getByText('Gift Aid sin reclamar').waitFor();
    await tile.locator('.stat-tile__value').getByText(EN_GB_MONEY).waitFor();
    assert.doesNotMatch(await tile.innerText(), OTHER_MONEY);
    // The bell's Gift Aid reminder (the demo charity's, sent by the daily schedule at start)
    const bell = p.getByRole('button', { name: /^Notificaciones, \d+ sin leer$/ });
    await p.getByTestId('unread-dot').waitFor();
    await bell.click();
    const list = p.getByRole('region', { name: 'Notificaciones' });
    const reminder = list.locator('li').filter({ hasText: /Gift Aid/ }).first();
    await reminder.waitFor();
    const text = await reminder.innerText();
    assert.match(text, EN_GB_MONEY);
    assert.doesNotMatch(text, OTHER_MONEY);
  });
});
