import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, test } from "node:test";
import {
  BASE_URL,
  pageApi,
  pagesForThisFile,
  registerCharity,
} from "./helpers.mjs";

/**
 * New Claim's bulk actions: "Exclude from claim…" on selected rows and "Add back" on the
 * excluded list, in a charity of this file's own (the demo's donations are left to other files).
 */
const openPage = pagesForThisFile();

/** A JSON call with the page's session and XSRF token (tests/e2e/helpers.mjs). */
async function api(p, method, path, body) {
  return pageApi(p, method, path, body);
}

/** A donor with an online declaration and one donation today: claimable. */
async function claimableDonation(p, first, last, amount) {
  const donor = await api(p, "POST", "/api/donors", {
    first_name: first,
    last_name: last,
    house: "12",
    address_line1: "High Street",
    town: "Bath",
    postcode: "BA1 1AA",
  });
  const today = new Date().toISOString().slice(0, 10);
  await api(p, "POST", `/api/donors/${donor.id}/declarations`, {
    method: "online",
    scope: ["future", "past_4_years"],
    date_given: today,
    statement_version: "e2e online form",
  });
  const donation = await api(p, "POST", "/api/donations", {
    donor_id: donor.id,
    amount,
    date: today,
    payment_method: "cheque",
  });
  assert.equal(donation.gift_aid.state, "claimable", JSON.stringify(donation));
}

describe(`New Claim: exclude selected and add back at ${BASE_URL}`, () => {
  test("two selected donations are excluded with a reason, then one is added back", async () => {
    const p = await openPage();
    await registerCharity(p, { name: "Claim Bulk Trust", owner: "Cleo Bulk", emailPrefix: "e2e-claim-bulk" });
    const tag = randomUUID().slice(0, 6);
    const names = ["Ada", "Ben", "Cy"].map((first) => `${first} Claim${tag}`);
    await claimableDonation(p, "Ada", `Claim${tag}`, "11.11");
    await claimableDonation(p, "Ben", `Claim${tag}`, "22.22");
    await claimableDonation(p, "Cy", `Claim${tag}`, "33.33");

    // GIVEN New Claim lists the three claimable donations
    await p.goto("/gift-aid/un-claimed");
    const table = p.getByTestId("table-gift_aid_claimable");
    const rowOf = (name) => table.locator("tbody tr").filter({ hasText: name });
    for (const name of names) await rowOf(name).waitFor();
    const status = p.getByTestId("claim-selection").getByRole("status");
    await status
      .getByText("all 3 claimable donations: £66.66", { exact: false })
      .waitFor();
    await p.getByText("No donation is excluded.").waitFor();

    // WHEN two are selected and excluded with a reason
    for (const name of names.slice(0, 2))
      await rowOf(name).getByRole("checkbox", { name: "Select row" }).check();
    const bar = p.getByRole("region", { name: "Selected rows" });
    await bar.getByText("2 selected").waitFor();
    await bar.getByRole("button", { name: "Exclude from claim…" }).click();
    const dialog = p.getByRole("alertdialog", {
      name: "Exclude 2 donations from the claim",
    });
    await dialog.getByLabel("Reason for excluding").fill("e2e paid twice");
    await dialog.getByRole("button", { name: "Exclude" }).click();

    // THEN a toast says so, they leave the claimable list and totals for the excluded list
    await p.getByText("2 donations excluded from the claim").first().waitFor();
    await rowOf(names[0]).waitFor({ state: "detached" });
    await rowOf(names[1]).waitFor({ state: "detached" });
    await rowOf(names[2]).waitFor();
    await status
      .getByText("all 1 claimable donations: £33.33", { exact: false })
      .waitFor();
    const excluded = p.getByTestId("claim-excluded");
    const excludedRow = (name) =>
      excluded.getByTestId("problem-example").filter({ hasText: name });
    for (const name of names.slice(0, 2))
      await excludedRow(name)
        .getByText("excluded: e2e paid twice", { exact: false })
        .waitFor();
    assert.equal(await excluded.getByTestId("problem-example").count(), 2);
    assert.equal(await bar.count(), 0);

    // WHEN one is added back
    await excludedRow(names[0])
      .getByRole("button", { name: /^Add back / })
      .click();

    // THEN it returns to the claimable list and totals, the other stays excluded
    await p.getByText("1 donation added back to the claim").first().waitFor();
    await rowOf(names[0]).waitFor();
    await excludedRow(names[0]).waitFor({ state: "detached" });
    await excludedRow(names[1]).waitFor();
    await status
      .getByText("all 2 claimable donations: £44.44", { exact: false })
      .waitFor();
    await rowOf(names[1]).waitFor({ state: "detached" });
  });
});
