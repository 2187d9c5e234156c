import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import {
  BASE_URL,
  OWNER_EMAIL,
  pagesForThisFile,
  signIn,
  STAFF_EMAIL,
  totp,
  registerCharity,
} from './helpers.mjs';

const page = pagesForThisFile();

describe(`Almoner admin app at ${BASE_URL}`, () => {
  test('the demo owner signs in and sees the dashboard and the sidebar', async () => {
    const p = await page();
    await signIn(p, OWNER_EMAIL);
    await p.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    assert.equal(new URL(p.url()).pathname, '/');
    assert.equal(await p.title(), 'Dashboard · Almoner');
    const sidebar = p.getByTestId('sidebar');
    await sidebar.waitFor();
    await sidebar.getByRole('button', { name: /Settings/ }).click();
    await sidebar.getByRole('link', { name: 'Users' }).click();
    await p.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await p.getByRole('cell', { name: OWNER_EMAIL }).waitFor();
  });

  test('staff without manage-users opening /settings/users land on /unauthorized', async () => {
    const p = await page();
    await signIn(p, STAFF_EMAIL);
    await p.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await p.goto('/settings/users');
    await p.getByTestId('unauthorized').waitFor();
    assert.equal(new URL(p.url()).pathname, '/unauthorized');
    const sidebar = p.getByTestId('sidebar');
    assert.equal(await sidebar.getByRole('link', { name: 'Users' }).count(), 0);
  });

  test('switching to Spanish shows Spanish labels', async () => {
    const p = await page();
    await p.goto('/login');
    await p.getByRole('heading', { name: 'Sign in to Almoner' }).waitFor();
    await p.getByLabel('Language').selectOption('es');
    await p.getByRole('heading', { name: 'Inicie sesión en Almoner' }).waitFor();
    await p.getByLabel('Correo electrónico').fill(OWNER_EMAIL);
    await p.getByLabel('Contraseña').fill('almoner-demo');
    await p.getByRole('button', { name: 'Iniciar sesión' }).click();
    await p.getByRole('heading', { level: 1, name: 'Panel' }).waitFor();
    assert.equal(await p.title(), 'Panel · Almoner');
    await p.getByTestId('sidebar').getByRole('button', { name: /Configuración/ }).waitFor();
  });

  test('a new charity owner enables 2FA, signs out, and passes /verify/2fa on sign-in', async () => {
    const { page: p, email, password } = await registerCharity(page, {
      via: 'ui',
      name: 'E2E Test Trust',
      owner: 'Erin Tester',
    });

    await p.goto('/settings/2fa');
    await p.getByRole('button', { name: 'Enable' }).click();
    const secret = (await p.getByTestId('two-factor-secret').textContent()).trim();
    assert.match(secret, /^[A-Z2-7]+=*$/);
    await p.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await p.getByLabel('Code').fill(totp(secret));
    await p.getByRole('button', { name: 'Confirm' }).click();
    const codes = p.getByTestId('recovery-codes').getByRole('listitem');
    await codes.first().waitFor();
    assert.ok((await codes.count()) >= 8);

    await p.getByRole('button', { name: 'Erin Tester' }).click();
    await p.getByRole('menuitem', { name: 'Logout' }).click();
    await p.waitForURL('**/login');

    await signIn(p, email, password);
    await p.waitForURL('**/verify/2fa');
    // A code is accepted once: use the next step's code (within the ±1 step window).
    await p.getByLabel('Authentication code').fill(totp(secret, { stepOffset: 1 }));
    await p.getByRole('button', { name: 'Verify' }).click();
    await p.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    assert.equal(new URL(p.url()).pathname, '/');
  });

  test('the owner exports the users list as a dated CSV', async () => {
    const p = await page();
    await signIn(p, OWNER_EMAIL);
    await p.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await p.goto('/settings/users');
    await p.getByRole('cell', { name: OWNER_EMAIL }).waitFor();
    const download = p.waitForEvent('download', { timeout: 30_000 });
    await p.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    const today = new Date().toISOString().slice(0, 10);
    assert.equal(file.suggestedFilename(), `${today}-users.csv`);
    const csv = await readFile(await file.path(), 'utf8');
    assert.match(csv, /"Email"/);
    assert.match(csv, /owner@riverside\.example/);
  });

  test('an unknown path shows the 404 page', async () => {
    const p = await page();
    const response = await p.goto('/this/page/does-not-exist');
    assert.ok(response.ok(), 'the SPA is served for any path (history fallback)');
    await p.getByTestId('not-found').waitFor();
    await p.getByRole('heading', { name: 'Page not found' }).waitFor();
  });
});
