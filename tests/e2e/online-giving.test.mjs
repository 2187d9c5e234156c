import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, test } from "node:test";
import { BASE_URL, connectFakeStripe, pagesForThisFile, registerCharity, stripeAccount } from "./helpers.mjs";

const openPage = pagesForThisFile();

describe(`Online giving end to end at ${BASE_URL}`, () => {
  test("connect the fake Stripe, give with Gift Aid on the public page, see the donation and declaration, refund it, replay its webhook", async () => {
    const charity = `Giving Trust ${randomUUID().slice(0, 6)}`;
    const { page } = await registerCharity(openPage, {
      name: charity,
      emailPrefix: "e2e-giving",
    });

    // GIVEN the charity connected to its account at the (fake) Stripe, through the Payment
    // gateways screen (its webhook URL) and the keys Stripe shows; the card shows test mode
    const { stripe, secret, webhookUrl } = await connectFakeStripe(page, charity);
    assert.match(webhookUrl, /\/api\/webhooks\/stripe\/[^/]+$/);
    const card = page.getByTestId("gateway-stripe");
    await card.getByTestId("secret-hint").filter({ hasText: secret.slice(-4) }).waitFor();

    // AND Website Integration links the charity's donation page
    await page.goto("/billings/accounts");
    const pageLink = page.getByRole("link", { name: /\/give\// }).first();
    const giveUrl = await pageLink.getAttribute("href");
    assert.match(giveUrl, /\/give\/[a-z0-9-]+$/);

    // WHEN a donor gives £10 with Gift Aid on the public page
    const donor = await page.context().newPage();
    const last = `Giver${randomUUID().slice(0, 6)}`;
    await donor.goto(giveUrl);
    await donor.getByText("Test mode — no real money is taken").waitFor();
    const giftAid = donor.getByRole("checkbox", { name: /I want to Gift Aid my donation/ });
    assert.equal(await giftAid.isChecked(), false, "Gift Aid starts unticked");
    await donor.getByRole("radio", { name: "£10", exact: false }).first().check();
    await donor.getByLabel("First name").fill("Gina");
    await donor.getByLabel("Last name").fill(last);
    await donor.getByLabel("Email address").fill(`gina-${last.toLowerCase()}@example.org`);
    await giftAid.check();
    await donor.getByLabel("House name or number").fill("12");
    await donor.getByLabel("Address line 1").fill("High Street");
    await donor.getByLabel("Town or city").fill("Bath");
    await donor.getByLabel("Postcode").fill("BA1 1AA");
    await donor.getByRole("checkbox", { name: /UK taxpayer/ }).check();
    await donor.getByRole("button", { name: /^Donate/ }).click();

    // AND pays on Stripe's hosted page
    await donor.waitForURL(/\/fake-stripe\/checkout\//);
    await donor.getByRole("button", { name: "Pay", exact: true }).click();

    // THEN the thank-you page waits for the webhook's donation and says it arrived
    await donor.waitForURL(/\/thanks\?/);
    await donor
      .getByText("Thank you, Gina! Your donation of £10.00 has been received.")
      .waitFor();
    await donor.getByText("Gift Aid will add £2.50.").waitFor();

    // AND the charity sees the donation, its donor and the online declaration
    await page.goto("/donations");
    const row = page
      .getByTestId("table-donations")
      .getByRole("row")
      .filter({ hasText: `Gina ${last}` });
    await row.filter({ hasText: "£10.00" }).waitFor();
    await row.getByRole("link").first().click();
    await page.waitForURL(/\/donations\/[^/]+$/);
    const donationUrl = new URL(page.url()).pathname;
    await page.getByText("Stripe").first().waitFor();
    await page.getByRole("link", { name: `Gina ${last}` }).first().click();
    await page.getByTestId("declarations").getByText("Online").first().waitFor();

    // WHEN the payment is refunded at Stripe
    await stripe.goto("/fake-stripe/");
    await stripeAccount(stripe, charity).getByRole("button", { name: "Refund" }).first().click();
    await stripeAccount(stripe, charity).getByText(/refunded £10\.00/).waitFor();

    // THEN the donation's page shows it refunded once the charge.refunded webhook is applied
    const refunded = async () => {
      await page.goto(donationUrl);
      // its status once the donation has loaded
      await page.getByText(/^(Received|Refunded)\b/).first().waitFor();
      return page.getByText(/^Refunded · /).count();
    };
    const end = Date.now() + 60_000;
    while ((await refunded()) === 0) {
      assert.ok(Date.now() < end, "the donation was not marked refunded within 60 s");
    }

    // AND on Webhook calls the checkout event is processed; replaying it changes nothing
    await page.goto("/webhook-calls");
    const calls = page.getByRole("row").filter({ hasText: "checkout.session.completed" });
    await calls.first().waitFor();
    await calls.getByText("Processed").first().waitFor();
    await calls.getByRole("button", { name: "checkout.session.completed" }).first().click();
    await page.getByRole("dialog").getByRole("button", { name: "Replay" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Replay" }).click();
    await page.getByText(/no change/i).first().waitFor();
    await page.getByTestId("webhook-call-replays").getByText(/no change/i).waitFor();
  });
});
