/**
 * Gift Aid received follows the money (docs/decisions/0019-fund-ledger.md "Gift Aid received"):
 * a claim of a donation split Roof Appeal (restricted) £30 / General £10 is accepted by the local
 * fake HMRC; its owner marks it paid on the claim page, and the page says where the £10 of Gift
 * Aid went, linking each fund, whose balance and ledger show it.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { BASE_URL, pageApi, pagesForThisFile, registerCharity } from "./helpers.mjs";

const openPage = pagesForThisFile();
const WRITTEN = { method: "written", scope: ["future"], date_given: "2025-01-10", statement_version: "v1" };

/** Ask until `done(answer)` (a ceiling, not a pause: the claims queue works on its own). */
async function until(page, path, done, ceilingMs = 90_000) {
  const end = Date.now() + ceilingMs;
  for (;;) {
    const answer = await pageApi(page, "GET", path);
    if (done(answer)) return answer;
    if (Date.now() > end) throw new Error(`${path} never got there: ${JSON.stringify(answer).slice(0, 400)}`);
    await page.waitForTimeout(250);
  }
}

describe(`Gift Aid received allocated to funds at ${BASE_URL}`, () => {
  test("an accepted claim marked paid puts its Gift Aid in the donation's funds", async () => {
    const { page } = await registerCharity(openPage, { giftAid: true, name: "Gift Aid Funds Trust" });
    const roof = await pageApi(page, "POST", "/api/funds", { name: "Roof Appeal", fund_class: "restricted" });
    const donor = await pageApi(page, "POST", "/api/donors", {
      first_name: "Ada",
      last_name: "Byron",
      house: "12",
      address_line1: "High Street",
      town: "Bath",
      postcode: "BA1 1AA",
    });
    await pageApi(page, "POST", `/api/donors/${donor.id}/declarations`, WRITTEN);
    await pageApi(page, "POST", "/api/donations", {
      donor_id: donor.id,
      amount: "40.00",
      date: "2026-10-01",
      payment_method: "cash",
      allocations: [
        { fund_id: roof.id, amount: "30.00" },
        { fund_id: "general", amount: "10.00" },
      ],
    });
    const { claim_id: claimId } = await pageApi(page, "POST", "/api/gift-aid/claims", { all: true });
    const claimPath = `/api/gift-aid/claims/${claimId}`;
    await until(page, claimPath, (c) => c.state === "sealed" && c.files_ready);
    await pageApi(page, "POST", `${claimPath}/submit`);
    await until(page, claimPath, (c) => c.state === "accepted");

    // WHEN the owner marks the claim paid on its page, with the amount it defaults to
    await page.goto(`/gift-aid/passed-claimed/${claimId}`);
    await page.getByRole("button", { name: "Mark as paid" }).click();
    const dialog = page.getByTestId("mark-paid");
    assert.equal(await dialog.getByLabel(/Amount received/).inputValue(), "10.00");
    await dialog.getByRole("button", { name: "Mark as paid" }).click();

    // THEN the page says how much came and which funds it went to
    const paid = page.getByTestId("claim-paid");
    await paid.getByText(/Gift Aid received £10\.00 on .*, allocated to 2 funds\./).waitFor({ timeout: 90_000 });
    assert.match(await paid.innerText(), /Roof Appeal: £7\.50/);
    assert.match(await paid.innerText(), /General: £2\.50/);
    assert.equal(await page.getByRole("button", { name: "Mark as paid" }).count(), 0);

    // AND the fund it links to has the Gift Aid in its balance and its ledger
    await paid.getByRole("link", { name: "Roof Appeal" }).click();
    await page.getByRole("heading", { level: 1, name: "Roof Appeal" }).waitFor();
    await page.getByText("£37.50").first().waitFor();
    const ledger = page.getByTestId("fund-ledger");
    await ledger.getByText("£7.50").first().waitFor();
  });
});
