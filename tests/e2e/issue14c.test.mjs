import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, test } from "node:test";
import {
  BASE_URL,
  launchBrowser,
  newPage,
  registerCharity,
  trailOnFailure,
} from "./helpers.mjs";

// Issue 14 (items 6 and 9), on a charity this file signs up itself: its donations are the only
// ones it claims, so the demo charity's donations stay for the other browser tests.
let browser;
let page;

before(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  page.context().setDefaultTimeout(30_000);
});

trailOnFailure(() => (page ? [page.context()] : []));

after(async () => {
  await browser?.close();
});

async function configureGiftAid() {
  await page.goto("/gift-aid/settings");
  const settings = page.getByTestId("gift-aid-settings");
  await settings.getByLabel("HMRC charity reference").fill("AB12345");
  const number = settings.getByLabel("Registration number");
  if (await number.isVisible()) await number.fill("1234567");
  await settings.getByLabel("First name").fill("Grace");
  await settings.getByLabel("Last name").fill("Hopper");
  await settings.getByLabel("Postcode").fill("BA1 1AA");
  await settings.getByLabel("Phone").fill("01225 000000");
  await settings.getByLabel("Gateway user ID").fill("323412300001");
  await settings.getByLabel("Gateway password").fill("testing1");
  await settings.getByLabel("Vendor ID").fill("1234");
  await settings.getByRole("button", { name: "Save" }).click();
  await settings.getByText("A password is set").waitFor();
}

async function declaredDonor() {
  await page.goto("/donors/create");
  const form = page.getByTestId("donor-form");
  await form.getByLabel("First name").fill("Ada");
  await form.getByLabel("Last name").fill("Lovelace");
  await form.getByLabel("House name or number").fill("12");
  await form.getByLabel("Address line 1").fill("High Street");
  await form.getByLabel("Town").fill("Bath");
  await form.getByLabel("Postcode").fill("BA1 1AA");
  await form.getByRole("button", { name: "Add donor" }).click();
  await page.getByRole("heading", { level: 1, name: "Ada Lovelace" }).waitFor();
  const donorId = new URL(page.url()).pathname.split("/")[2];
  const panel = page.getByTestId("declarations");
  await panel.getByRole("button", { name: "Add declaration" }).click();
  const declaration = page.getByTestId("declaration-form");
  await declaration.getByLabel("Method").selectOption("written");
  await declaration.getByLabel("Statement version").fill("2026-01 paper form");
  await declaration.getByLabel("Evidence").setInputFiles({
    name: "declaration.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n% a signed paper declaration\n"),
  });
  await declaration.getByRole("button", { name: "Save declaration" }).click();
  await panel
    .getByTestId("declaration")
    .filter({ hasText: "Active" })
    .waitFor();
  return donorId;
}

async function addDonation(donorId, amount, date) {
  await page.goto(`/donors/${donorId}/donations/create`);
  const form = page.getByTestId("donation-form");
  await form.getByLabel("Amount (£)").fill(amount);
  await form.getByLabel("Date").fill(date);
  await form.getByLabel("Payment method").selectOption("cheque");
  await form.getByRole("button", { name: "Add donation" }).click();
  await page.getByTestId("donor-details").waitFor();
}

describe(`Issue 14: claiming everything, and validation messages, at ${BASE_URL}`, () => {
  test("sign-up shows both the length and the mismatch of a short, different password", async () => {
    await page.goto("/register");
    await page.getByLabel("Charity name").fill("Messages Trust");
    await page.getByLabel("Your name").fill("Rosa Tester");
    await page.getByLabel("Email").fill(`e2e-14c-${randomUUID()}@example.org`);
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm password").fill("other");
    await page.getByRole("button", { name: "Register" }).click();
    const password = page.getByLabel("Password", { exact: true });
    await page
      .getByText("Enter at least 8 characters. The two passwords do not match.")
      .waitFor();
    assert.equal(await password.getAttribute("aria-invalid"), "true");
  });

  test('"Create claim with all" asks with the count and total; progress never says 0 of 0; lines oldest first', async () => {
    // GIVEN a new charity with Gift Aid set up and three declared donations, entered out of date order
    await registerCharity(page, {
      name: "Claim Order Trust",
      owner: "Rosa Tester",
      emailPrefix: "e2e-14c",
    });
    await configureGiftAid();
    const donorId = await declaredDonor();
    await addDonation(donorId, "10.00", "2026-03-10");
    await addDonation(donorId, "30.00", "2026-01-05");
    await addDonation(donorId, "20.00", "2026-02-20");

    // WHEN "Create claim with all" is clicked, a dialog asks first, naming the count and totals
    await page.goto("/gift-aid/un-claimed");
    await page
      .getByText("The claim will include all 3 claimable donations")
      .waitFor();
    await page.getByRole("button", { name: "Create claim with all" }).click();
    const dialog = page.getByRole("alertdialog", {
      name: "Create a claim with all 3 claimable donations?",
    });
    await dialog
      .getByText(
        "The claim will include 3 donations totalling £60.00, Gift Aid £15.00.",
      )
      .waitFor();
    // Cancel creates nothing
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    assert.equal(await page.getByTestId("claim-progress").count(), 0);

    // AND every text the progress shows is recorded until the claim opens
    await page.evaluate(() => {
      window.__progressTexts = [];
      new MutationObserver(() => {
        const status = document.querySelector(
          '[data-testid="claim-progress"] [role="status"]',
        );
        if (status) window.__progressTexts.push(status.textContent);
      }).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await page.getByRole("button", { name: "Create claim with all" }).click();
    await dialog.getByRole("button", { name: "Create claim" }).click();
    await page.waitForURL(/\/gift-aid\/passed-claimed\//, { timeout: 60_000 });

    // THEN the progress began by preparing the claim, and never counted "0 of 0" parts
    const texts = await page.evaluate(() => window.__progressTexts);
    assert.ok(texts.length > 0, "the progress was shown");
    assert.match(texts[0], /Preparing the claim/);
    for (const text of texts) assert.doesNotMatch(text, /0 of 0/);

    // AND the claim's lines are listed oldest donation first
    const lines = page.getByTestId("claim-lines");
    await lines.getByRole("row").nth(3).waitFor();
    const amounts = await lines
      .locator("tbody tr td:nth-child(3)")
      .allInnerTexts();
    assert.deepEqual(amounts, ["£30.00", "£20.00", "£10.00"]);
  });
});
