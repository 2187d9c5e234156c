/**
 * The online giving admin screens (issue 16 items 1, 4, 6) on a charity of this file's own that
 * has connected nothing yet: each opens with its heading and its empty state, and axe finds no
 * serious or critical violation on any of them. The whole money path is another file's.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, test } from "node:test";
import { BASE_URL, pagesForThisFile, registerCharity } from "./helpers.mjs";
import { openScreen } from "./screens.mjs";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const openPage = pagesForThisFile();

async function axeViolations(page) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map(
        (violation) =>
          `${violation.id}: ${violation.help} at ` +
          violation.nodes.map((node) => node.target.join(" ")).join(" | "),
      );
  });
}

describe(`Online giving admin screens on a new charity at ${BASE_URL}`, () => {
  test("the four screens open with their headings and empty states, and pass axe", async () => {
    const { page } = await registerCharity(openPage, { emailPrefix: "e2e-giving-admin" });
    const failures = [];
    const check = async (path) => {
      for (const line of await axeViolations(page)) failures.push(`${path}: ${line}`);
    };

    await openScreen(page, "/payment-gateways");
    await page.getByRole("heading", { level: 1, name: "Payment gateways" }).waitFor();
    const stripe = page.getByTestId("gateway-stripe");
    await stripe.getByText("Not connected").waitFor();
    await stripe.getByRole("button", { name: "Connect Stripe" }).waitFor();
    assert.match(
      await stripe.getByTestId("webhook-url-stripe").textContent(),
      /\/api\/webhooks\/stripe\/.+/,
    );
    await page.getByTestId("gateway-paypal").getByRole("button", { name: "Connect PayPal" }).waitFor();
    await check("/payment-gateways");

    await openScreen(page, "/webhook-calls");
    await page.getByRole("heading", { level: 1, name: "Webhook calls" }).waitFor();
    await page.getByTestId("table-webhook_calls").waitFor();
    assert.equal(await page.getByRole("button", { name: "Fetch missed events" }).count(), 0);
    await check("/webhook-calls");

    await openScreen(page, "/billings/accounts");
    await page.getByRole("heading", { level: 1, name: "Website Integration" }).waitFor();
    await page.getByTestId("empty-state").getByRole("link", { name: "Connect a payment gateway" }).waitFor();
    await page.getByTestId("giving-page").getByRole("link", { name: /\/give\// }).waitFor();
    await check("/billings/accounts");

    await openScreen(page, "/billings/payments");
    await page.getByRole("heading", { level: 1, name: "Payments" }).waitFor();
    await page.getByText("No payments match.").waitFor();
    await check("/billings/payments");

    assert.equal(failures.length, 0, `axe violations:\n${failures.join("\n")}`);
  });
});
