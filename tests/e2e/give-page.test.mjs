import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, test } from "node:test";
import { BASE_URL, pagesForThisFile } from "./helpers.mjs";

const page = pagesForThisFile();
// Evaluated through the DevTools protocol: the CSP (script-src 'self') blocks an injected <script>.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe's serious and critical violations on the page as it is now (as a11y.test.mjs counts them). */
async function axeViolations(p) {
  if (!(await p.evaluate(() => "axe" in window))) await p.evaluate(AXE_SOURCE);
  return p.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((v) => `${v.id}: ${v.help} at ${v.nodes.slice(0, 6).map((n) => n.target.join(" ")).join(" | ")}`);
  });
}

/**
 * The public donation page as the browser gets it from the local stack: give.html and its own
 * bundle, under the site's CSP, at a phone's width. The giving API's answers are the contract's
 * (contract18, giving area) fulfilled by this test: the page's browser side is what is tested
 * here; the gift through the fake Stripe and its webhook belongs to the issue's end-to-end test.
 */
function publicPage() {
  return {
    charity: { name: "Brook Lane Shelter", registration_number: "1099887" },
    title: "Keep a bed warm tonight",
    intro: "£10 pays for a night's stay.",
    presets: ["5.00", "10.00", "25.00"],
    min_amount: "1.00",
    max_amount: "10000.00",
    funds: [],
    cover_fees: true,
    fee: { percent: "1.5", fixed: "0.20" },
    providers: [{ provider: "stripe", mode: "test" }],
    gift_aid: {
      version: "1",
      declaration:
        "I want to Gift Aid my donation and any donations I make in the future or have made in the past 4 years to Brook Lane Shelter.",
      statement:
        "I am a UK taxpayer and understand that if I pay less Income Tax and/or Capital Gains Tax than the amount of Gift Aid claimed on all my donations in that tax year it is my responsibility to pay any difference.",
    },
  };
}

describe(`The public donation page at ${BASE_URL}/give/…`, () => {
  test("loads its own small bundle under the CSP, is accessible at 320 px, and thanks the donor", async () => {
    const p = await page();
    await p.setViewportSize({ width: 320, height: 800 });
    const slug = `e2e-${randomUUID().slice(0, 8)}`;
    const problems = [];
    p.on("console", (message) => {
      if (message.type() === "error" || /Content Security Policy/.test(message.text()))
        problems.push(message.text());
    });
    p.on("pageerror", (error) => problems.push(error.message));
    const scripts = [];
    p.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    let checkout;
    let polls = 0;
    await p.route(`**/api/give/${slug}`, (route) => route.fulfill({ json: publicPage() }));
    await p.route(`**/api/give/${slug}/checkout`, (route) => {
      checkout = route.request().postDataJSON();
      route.fulfill({
        json: {
          intent_id: "int_e2e",
          token: "tok_e2e",
          redirect_url: `${BASE_URL}/give/${slug}/thanks?intent=int_e2e&key=tok_e2e`,
        },
      });
    });
    await p.route(`**/api/give/${slug}/intents/int_e2e?token=tok_e2e`, (route) => {
      polls += 1;
      const received = polls > 1;
      route.fulfill({
        json: {
          status: received ? "paid" : "open",
          received,
          amount: "10.00",
          gift_aid: true,
          charity_name: "Brook Lane Shelter",
        },
      });
    });

    // GIVEN the page (served by the stack's history fallback as give.html)
    const response = await p.goto(`/give/${slug}`);
    assert.match(response.headers()["content-security-policy"], /script-src 'self'(;|$)/);
    await p.getByRole("heading", { level: 1, name: "Keep a bed warm tonight" }).waitFor();
    assert.ok(await p.getByText("Registered charity number 1099887").isVisible());
    assert.ok(await p.getByText("Test mode — no real money is taken").isVisible());
    assert.deepEqual(await axeViolations(p), []);

    // It loads none of the admin app's scripts.
    const adminEntry = (await (await p.request.get("/index.html")).text()).match(
      /<script[^>]*src="([^"]+)"/,
    )[1];
    assert.ok(!scripts.includes(adminEntry), `the admin entry ${adminEntry} was loaded`);
    assert.ok(scripts.length > 0 && scripts.length <= 8, `scripts: ${scripts.join(", ")}`);

    // WHEN the donor sends the form with Gift Aid ticked and no address
    const giftAid = p.getByRole("checkbox", { name: /I want to Gift Aid my donation/ });
    assert.equal(await giftAid.isChecked(), false);
    await p.getByText("£10.00", { exact: true }).click();
    await p.getByLabel("First name").fill("Ann");
    await p.getByLabel("Last name").fill("Hughes");
    await p.getByLabel("Email address").fill("ann@example.com");
    await giftAid.check();
    await p.getByRole("button", { name: "Donate £10.00" }).click();
    // THEN the errors are under the inputs and the focus is on the first one
    await p.getByText("Enter your house name or number", { exact: true }).first().waitFor();
    assert.equal(await p.evaluate(() => document.activeElement?.id), "give-house");
    assert.equal(await p.evaluate(() => document.documentElement.scrollWidth), 320);
    assert.deepEqual(await axeViolations(p), []);

    // WHEN the address and the tax statement are given
    await p.getByLabel("House name or number").fill("12");
    await p.getByLabel("Address line 1").fill("High Street");
    await p.getByLabel("Town or city").fill("Leeds");
    await p.getByLabel("Postcode").fill("LS1 4AP");
    await p.getByRole("checkbox", { name: /I am a UK taxpayer/ }).check();
    await p.getByRole("button", { name: "Donate £10.00" }).click();

    // THEN the thank-you page waits for the donation, then thanks the donor by name
    await p.waitForURL(`**/give/${slug}/thanks?intent=int_e2e&key=tok_e2e`);
    await p.getByText("Thank you, Ann! Your donation of £10.00 has been received.").waitFor();
    assert.ok(await p.getByText("Gift Aid will add £2.50.").isVisible());
    assert.deepEqual(
      { amount: checkout.amount, gift_aid: checkout.gift_aid, postcode: checkout.postcode, website: checkout.website },
      { amount: "10.00", gift_aid: true, postcode: "LS1 4AP", website: "" },
    );
    assert.deepEqual(problems, []);
  });
});
