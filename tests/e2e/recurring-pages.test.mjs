import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, test } from "node:test";
import { BASE_URL, connectFakeStripe, pageApi, pagesForThisFile, registerCharity } from "./helpers.mjs";

const openPage = pagesForThisFile();

describe(`Landing pages and monthly giving end to end at ${BASE_URL}`, () => {
  test("build and publish a donation page, give monthly on it through the fake Stripe, see the subscription and its first donation, pause it", async () => {
    const charity = `Monthly Trust ${randomUUID().slice(0, 6)}`;
    const { page } = await registerCharity(openPage, { name: charity, emailPrefix: "e2e-monthly" });
    await connectFakeStripe(page, charity);

    // GIVEN a donation page made from the monthly giving template on the Landing pages screen
    await page.goto("/landing");
    await page.getByText("No landing pages yet").waitFor();
    await page.getByRole("button", { name: "New page" }).click();
    const dialog = page.getByTestId("new-page-form");
    await dialog.getByLabel("Title").fill("River friends");
    await dialog.getByLabel("Type").selectOption({ label: "Donation page" });
    await dialog.getByLabel("Template").selectOption({ label: "Monthly giving" });
    await dialog.getByRole("button", { name: "Create page" }).click();
    await page.waitForURL(/\/page-builder\/[^/?]+$/);

    // WHEN its hero is chosen on the canvas and its heading changed in the fields beside it
    const canvas = page.frameLocator("iframe").first();
    await canvas.getByRole("heading", { name: "Give every month" }).click();
    const heading = page.getByRole("textbox", { name: "Heading", exact: true });
    await heading.fill("Keep the river clean, every month");
    await canvas.getByRole("heading", { name: "Keep the river clean, every month" }).waitFor();
    await page.getByText("Saved", { exact: true }).waitFor();

    // AND it is published
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByText("Version 1 is now live.").waitFor();
    const listed = await pageApi(page, "GET", "/api/pages");
    const row = listed.data.find((one) => one.title === "River friends");
    assert.equal(row.status, "published");
    await page.goto("/landing");
    await page.getByRole("row").filter({ hasText: "River friends" }).getByText("Published").waitFor();

    // THEN a donor on the public page gives £10 a month (the form starts on Monthly)
    const donor = await page.context().newPage();
    const last = `Monthly${randomUUID().slice(0, 6)}`;
    await donor.goto(row.public_url);
    await donor.getByRole("heading", { name: "Keep the river clean, every month" }).waitFor();
    const often = donor.getByRole("group", { name: "How often?" });
    assert.equal(await often.getByRole("radio", { name: "Monthly" }).isChecked(), true);
    await donor.getByRole("radio", { name: "£10", exact: false }).first().check();
    await donor.getByLabel("First name").fill("Mo");
    await donor.getByLabel("Last name").fill(last);
    await donor.getByLabel("Email address").fill(`mo-${last.toLowerCase()}@example.org`);
    await donor.getByRole("button", { name: "Donate £10.00 a month" }).click();
    await donor.waitForURL(/\/fake-stripe\/checkout\//);
    await donor.getByRole("button", { name: "Pay", exact: true }).click();
    await donor.waitForURL(/\/thanks\?/);
    await donor.getByText("Thank you, Mo! Your monthly gift of £10.00 has been set up.").waitFor();

    // AND the charity sees the subscription once the webhooks are processed, with its first donation
    const subscription = page.getByRole("row").filter({ hasText: `Mo ${last}` });
    const end = Date.now() + 90_000;
    for (;;) {
      await page.goto("/subscriptions");
      await page.getByRole("heading", { level: 1, name: "Subscriptions" }).waitFor();
      await page.getByTestId("table-subscriptions").waitFor();
      const shown = page.getByTestId("table-subscriptions").getByRole("row").filter({ hasText: `Mo ${last}` });
      if ((await shown.count()) > 0 && (await shown.filter({ hasText: "Active" }).count()) > 0) break;
      assert.ok(Date.now() < end, "the subscription did not appear as active within 90 s");
    }
    await subscription.filter({ hasText: "£10.00 a month" }).waitFor();
    const panel = page.getByTestId("subscription-detail");
    const instalments = panel.getByTestId("subscription-instalments");
    for (;;) {
      await page.goto("/subscriptions");
      await subscription.getByRole("button", { name: `Mo ${last}` }).click();
      await panel.getByTestId("subscription-facts").waitFor();
      if ((await instalments.getByText("£10.00").count()) > 0) break;
      assert.ok(Date.now() < end, "the first instalment did not appear within 90 s");
    }
    await page.goto("/donations");
    await page.getByTestId("table-donations").getByRole("row").filter({ hasText: `Mo ${last}` }).filter({ hasText: "£10.00" }).waitFor();

    // WHEN staff pause it for two months (the gateway first)
    await page.goto("/subscriptions");
    await subscription.getByRole("button", { name: `Mo ${last}` }).click();
    await panel.getByRole("button", { name: "Pause" }).click();
    const pause = page.getByRole("alertdialog", { name: "Pause this subscription" });
    await pause.getByLabel("Pause for").selectOption({ label: "2 months" });
    await pause.getByRole("button", { name: "Pause" }).click();

    // THEN it shows paused, with the pause in its history
    await page.getByText("The subscription is paused.").waitFor();
    await panel.getByTestId("subscription-facts").getByText("Paused").first().waitFor();
    await panel.getByTestId("subscription-history").getByText("Paused").first().waitFor();
  });
});
