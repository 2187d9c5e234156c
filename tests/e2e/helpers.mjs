import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { after, afterEach, before } from 'node:test';
import { chromium } from 'playwright-core';

export const BASE_URL = (process.env.ALMONER_URL ?? 'http://127.0.0.1:8000').replace(/\/$/, '');
export const DEMO_PASSWORD = 'almoner-demo';
export const OWNER_EMAIL = 'owner@riverside.example';
export const STAFF_EMAIL = 'staff@riverside.example';
export const ADMIN_EMAIL = 'admin@almoner.local';
export const ADMIN_PASSWORD = 'almoner-admin';

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh browser context (own cookies and storage) with one page on the app. */
export async function newPage(browser) {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  // A ceiling, not an expectation: waits return as soon as the page matches, and a loaded
  // 2-core CI machine can take many seconds for a job or a first page load.
  context.setDefaultTimeout(60_000);
  keepTrail(context);
  const page = await context.newPage();
  return { context, page };
}

const trails = new WeakMap();

/** What a failed test's pages saw (API answers, page errors), printed by `pagesForThisFile` when
 * a test fails so that a CI failure says why, not only which wait ran out. */
function keepTrail(context) {
  const trail = [];
  const note = (line) => {
    trail.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (trail.length > 40) trail.shift();
  };
  context.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    const request = response.request();
    let detail = '';
    if (response.status() >= 400) {
      detail = (await response.text().catch(() => '')).slice(0, 300);
    }
    note(`${request.method()} ${url.pathname}${url.search} -> ${response.status()} ${detail}`);
  });
  context.on('requestfailed', (request) =>
    note(`FAILED ${request.method()} ${request.url()}: ${request.failure()?.errorText}`),
  );
  const refused = [];
  context.on('page', (page) => {
    page.on('pageerror', (error) => note(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') note(`console.error: ${message.text().slice(0, 300)}`);
      if (isRefusedByOurPolicy(message.text())) refused.push(`${page.url()}: ${message.text().slice(0, 300)}`);
    });
  });
  trails.set(context, trail);
  refusals.set(context, refused);
}

const refusals = new WeakMap();

/** Chromium's console line for something the page's Content-Security-Policy refused (an inline
 * style, a script, an image or frame from elsewhere). A frame-ancestors refusal is the policy
 * doing its job (a site not on a charity's allow-list, tests/e2e/widget.test.mjs), not a defect. */
function isRefusedByOurPolicy(text) {
  return /Content Security Policy/i.test(text) && !/frame-ancestors/.test(text);
}

/** What the pages of a context had refused by their CSP: the local stack serves the deployed
 * policy (functions/core/csp.py), so a refusal here is a screen broken in AWS. */
export function cspRefusals(context) {
  return [...(refusals.get(context) ?? [])];
}

async function printTrail(context) {
  const lines = [...(trails.get(context) ?? [])];
  for (const page of context.pages()) {
    lines.push(`page at ${page.url()}`);
    const shown = await page
      .locator('[role=alert], .field-error, .form-error')
      .allInnerTexts()
      .catch(() => []);
    for (const text of shown) if (text.trim()) lines.push(`  shows: ${text.trim().slice(0, 200)}`);
    // What the user saw (a message key instead of its words, a spinner, an error page).
    const body = await page
      .locator('main, body')
      .first()
      .innerText({ timeout: 2000 })
      .catch(() => '');
    lines.push(`  screen: ${body.replace(/\s+/g, ' ').trim().slice(0, 1200)}`);
    const shot = `${tmpdir()}/almoner-e2e-${Date.now()}-${context.pages().indexOf(page)}.png`;
    if (await page.screenshot({ path: shot, fullPage: true }).then(() => true, () => false)) {
      lines.push(`  screenshot: ${shot}`);
    }
  }
  console.log(lines.map((line) => `trail: ${line}`).join('\n'));
}

/** For a test file with its own browser: a failing test prints what its pages showed. */
export function trailOnFailure(contexts) {
  afterEach(async (t) => {
    if (t.passed === false) for (const context of contexts()) await printTrail(context);
  });
}

/**
 * One browser for the calling test file (launched before its tests, closed after them with every
 * context it opened); the returned function opens a page in a fresh context (own cookies).
 */
export function pagesForThisFile() {
  let browser;
  const contexts = [];
  before(async () => {
    browser = await launchBrowser();
  });
  afterEach(async (t) => {
    if (t.passed === false) for (const context of contexts) await printTrail(context);
    const refused = contexts.flatMap(cspRefusals);
    for (const context of contexts) refusals.get(context).length = 0; // each test its own
    assert.deepEqual(refused, [], 'the Content-Security-Policy refused part of a screen');
  });
  after(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => {})));
    await browser?.close();
  });
  return async function openPage() {
    const opened = await newPage(browser);
    contexts.push(opened.context);
    return opened.page;
  };
}

export async function signIn(page, email, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

function base32Decode(text) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes = [];
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index === -1) throw new Error(`Not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP: HMAC-SHA-1, 30 s steps, 6 digits. `stepOffset` picks a neighbouring step. */
export function totp(secret, { now = Date.now(), stepOffset = 0 } = {}) {
  const counter = Math.floor(now / 1000 / 30) + stepOffset;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', base32Decode(secret)).update(message).digest();
  const offset = digest[digest.length - 1] & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** A JSON call with the page's session and XSRF token, as the SPA makes it; fails on >= 300. */
export async function pageApi(page, method, path, body) {
  const reply = await page.evaluate(
    async ({ method, path, body }) => {
      const xsrf = document.cookie
        .split("; ")
        .find((part) => part.startsWith("XSRF-TOKEN="))
        ?.split("=")[1];
      const response = await fetch(path, {
        method,
        headers: {
          Accept: "application/json",
          "Content-Type": "application/json",
          ...(xsrf ? { "X-XSRF-TOKEN": decodeURIComponent(xsrf) } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return {
        status: response.status,
        body: await response.json().catch(() => null),
      };
    },
    { method, path, body },
  );
  if (reply.status >= 300)
    throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** The fake HMRC gateway of the local stack (a Gift Aid claim submitted there is accepted). */
export const FAKE_GATEWAY_URL =
  process.env.ALMONER_FAKE_GATEWAY_URL ?? `${BASE_URL}/fake-hmrc/submission`;

/** Gift Aid settings that let a new charity claim, against the fake gateway. */
export const GIFT_AID_SETTINGS = {
  hmrc_reference: "AB12345",
  regulator: "CCEW",
  regulator_number: "1234567",
  official: {
    title: "Mr",
    first_name: "Grace",
    last_name: "Hopper",
    postcode: "BA1 1AA",
    overseas: false,
    phone: "01225 000000",
  },
  gateway_user_id: "323412300001",
  gateway_password: "testing1",
  vendor_id: "1234",
  endpoint: FAKE_GATEWAY_URL,
};

/**
 * Signs up a new charity of the calling test's own (its data then touches no other test's), and
 * leaves its owner signed in on the Dashboard.
 *
 * `on`: the page to use, or a function opening one (`pagesForThisFile()`'s), or a browser (a new
 * context is opened). Options: `via` "ui" fills /register as a user does, "api" (default) posts
 * /api/register in the page's context (same session cookie, quicker); `name` the charity's,
 * `owner` the owner's name, `emailPrefix`, `password`; `giftAid` true (or settings to merge over
 * GIFT_AID_SETTINGS) also saves Gift Aid settings so the charity can claim.
 * Returns { context, page, email, password, name, owner }.
 */
export async function registerCharity(
  on,
  {
    via = "api",
    name = "E2E Test Trust",
    owner = "Erin Tester",
    emailPrefix = "e2e",
    password = "correct-horse-battery",
    giftAid = false,
  } = {},
) {
  let page;
  if (typeof on === "function") page = await on();
  else if (typeof on?.newContext === "function") ({ page } = await newPage(on));
  else page = on;
  const context = page.context();
  const email = `${emailPrefix}-${randomUUID()}@example.org`;
  if (via === "ui") {
    await page.goto("/register");
    await page.getByLabel("Charity name").fill(name);
    await page.getByLabel("Your name").fill(owner);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password").fill(password);
    await page.getByRole("button", { name: "Register" }).click();
  } else {
    const reply = await context.request.post("/api/register", {
      data: {
        charity_name: name,
        name: owner,
        email,
        password,
        password_confirmation: password,
      },
    });
    if (reply.status() !== 201)
      throw new Error(`POST /api/register: ${reply.status()} ${await reply.text()}`);
    await page.goto("/");
  }
  await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
  if (giftAid) {
    const settings = giftAid === true ? {} : giftAid;
    await pageApi(page, "PUT", "/api/gift-aid/settings", {
      ...GIFT_AID_SETTINGS,
      ...settings,
    });
  }
  return { context, page, email, password, name, owner };
}

/** The charity's section of the fake Stripe dashboard (one account per charity name). */
export const stripeAccount = (page, name) => page.getByRole('region', { name });

/**
 * Connect the signed-in charity `name` (on `page`) to a new account at the local fake Stripe,
 * through the Payment gateways screen and the fake's own dashboard, as a user would. Returns the
 * fake dashboard's page (to refund, renew…) and the secret key.
 */
export async function connectFakeStripe(page, name) {
  await page.goto('/payment-gateways');
  const card = page.getByTestId('gateway-stripe');
  await card.getByText('Not connected').waitFor();
  const webhookUrl = (await card.getByTestId('webhook-url-stripe').innerText()).trim();
  const stripe = await page.context().newPage();
  await stripe.goto('/fake-stripe/');
  await stripe.getByLabel('New account name').fill(name);
  await stripe.getByRole('button', { name: 'Create account' }).click();
  const account = stripeAccount(stripe, name);
  await account.getByRole('heading', { name }).waitFor();
  await account.getByLabel('Endpoint URL').fill(webhookUrl);
  await account.getByRole('button', { name: 'Add endpoint' }).click();
  // the dashboard comes back with the endpoint added: read the keys from that page, not the old one
  await stripe.getByText('Endpoint added.').waitFor();
  await stripeAccount(stripe, name).locator('code', { hasText: /^whsec_/ }).first().waitFor();
  const codes = await stripeAccount(stripe, name).locator('code').allInnerTexts();
  const publishable = codes.find((text) => text.startsWith('pk_test_'));
  const secret = codes.find((text) => /^(sk|rk)_test_/.test(text));
  const signing = codes.find((text) => text.startsWith('whsec_'));
  if (!publishable || !secret || !signing) throw new Error(`keys shown: ${codes.join(' ')}`);
  await card.getByLabel('Publishable key').fill(publishable);
  await card.getByLabel('Restricted secret key').fill(secret);
  await card.getByLabel('Webhook signing secret').fill(signing);
  await card.getByRole('button', { name: 'Connect Stripe' }).click();
  await card.getByTestId('mode-badge').filter({ hasText: 'Test mode' }).waitFor();
  return { stripe, secret, webhookUrl };
}
