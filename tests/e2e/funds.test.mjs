import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, test } from "node:test";
import { BASE_URL, pagesForThisFile } from "./helpers.mjs";

const page = pagesForThisFile();

/** A charity of this file's own (its owner holds every charity permission). */
async function registerCharity(p) {
  const email = `e2e-funds-${randomUUID()}@example.org`;
  const password = "correct-horse-battery";
  await p.goto("/register");
  await p.getByLabel("Charity name").fill("Fund Ledger Trust");
  await p.getByLabel("Your name").fill("Fern Tester");
  await p.getByLabel("Email").fill(email);
  await p.getByLabel("Password", { exact: true }).fill(password);
  await p.getByLabel("Confirm password").fill(password);
  await p.getByRole("button", { name: "Register" }).click();
  await p.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
}

function fundRow(p, name) {
  return p
    .getByTestId("funds-table")
    .getByRole("row")
    .filter({ has: p.getByRole("link", { name, exact: true }) });
}

async function balanceOf(p, name) {
  return (await fundRow(p, name).getByTestId("fund-balance").textContent()).trim();
}

describe(`Funds: a restricted fund, a split donation, transfers and the ledger at ${BASE_URL}`, () => {
  test("money split into a restricted fund cannot be overdrawn and a transfer is in both ledgers", async () => {
    const p = await page();
    await registerCharity(p);

    // Fund management is in the menu of an owner
    const sidebar = p.getByRole("navigation").filter({ has: p.getByRole("button", { name: "Funds" }) });
    await sidebar.getByRole("button", { name: "Funds" }).click();
    await sidebar.getByRole("link", { name: "Fund management" }).click();
    await p.getByRole("heading", { level: 1, name: "Fund management" }).waitFor();
    assert.equal(await balanceOf(p, "General"), "£0.00");

    // 1. a restricted fund
    await p.getByRole("button", { name: "Add fund", exact: true }).click();
    const panel = p.getByRole("dialog", { name: "Add fund" });
    await panel.getByRole("button", { name: "Save" }).click();
    await panel.getByText("Give the fund a name.").waitFor();
    await panel.getByLabel("Name").fill("Roof appeal");
    await panel.getByLabel("Finance code").fill("ROOF-1");
    await panel.getByLabel("Class").selectOption("restricted");
    await panel.getByText("may only be spent on that", { exact: false }).waitFor();
    await panel.getByRole("button", { name: "Save" }).click();
    await fundRow(p, "Roof appeal").waitFor();
    assert.match(await fundRow(p, "Roof appeal").textContent(), /Restricted.*ROOF-1.*£0\.00/);

    // 2. a donation of £100 split £60 General / £40 Roof appeal
    await p.goto("/donations/create");
    const form = p.getByTestId("donation-form");
    await form.getByLabel("Amount (£)").fill("100");
    const funds = form.getByTestId("donation-funds");
    await funds.getByText("All to General (default fund).").waitFor();
    await funds.getByRole("button", { name: "Choose a fund or split" }).click();
    await funds.getByRole("option", { name: "Roof appeal" }).waitFor({ state: "attached" });
    await funds.getByRole("button", { name: "Split: add a fund" }).click();
    assert.equal(await funds.getByLabel("Fund of line 2").inputValue(), (
      await funds.getByLabel("Fund of line 2").locator("option", { hasText: "Roof appeal" }).getAttribute("value")
    ));
    await funds.getByLabel("Amount of line 1").fill("60");
    await funds.getByTestId("split-remainder").filter({ hasText: "Left to allocate: £40.00" }).waitFor();
    await funds.getByLabel("Amount of line 2").fill("40");
    await funds.getByTestId("split-remainder").filter({ hasText: "The lines add up to the donation." }).waitFor();
    await form.getByRole("button", { name: "Add donation" }).click();
    await p.getByRole("heading", { level: 1, name: "Donation" }).waitFor();
    const allocations = p.getByTestId("donation-allocations");
    await allocations.getByRole("row").filter({ hasText: "Roof appeal" }).filter({ hasText: "£40.00" }).waitFor();
    await allocations.getByRole("row").filter({ hasText: "General" }).filter({ hasText: "£60.00" }).waitFor();
    const donationPath = new URL(p.url()).pathname;

    await p.goto("/fund-management");
    await fundRow(p, "Roof appeal").waitFor();
    assert.equal(await balanceOf(p, "Roof appeal"), "£40.00");
    assert.equal(await balanceOf(p, "General"), "£60.00");

    // 3. more out of the restricted fund than it holds: refused, with its balance
    await fundRow(p, "Roof appeal").getByRole("button", { name: "Transfer" }).click();
    const dialog = p.getByRole("dialog", { name: "Transfer between funds" });
    await dialog.getByLabel("To fund").selectOption({ label: "General (£60.00)" });
    await dialog.getByLabel("Amount").fill("50");
    await dialog.getByLabel("Reason").selectOption("release_from_restriction");
    await dialog.getByLabel("Note").fill("Trustees released part of the appeal");
    await dialog.getByRole("button", { name: "Transfer" }).click();
    await dialog.getByText("it has £40.00 available", { exact: false }).waitFor();
    assert.equal(await dialog.getByLabel("Amount").getAttribute("aria-invalid"), "true");

    // 4. a valid amount with its reason
    await dialog.getByLabel("Amount").fill("15");
    await dialog.getByRole("button", { name: "Transfer" }).click();
    await dialog.waitFor({ state: "detached" });
    await fundRow(p, "Roof appeal").getByTestId("fund-balance").filter({ hasText: "£25.00" }).waitFor();
    assert.equal(await balanceOf(p, "General"), "£75.00");

    // 5. both ledgers
    await fundRow(p, "Roof appeal").getByRole("link", { name: "Roof appeal" }).click();
    await p.getByRole("heading", { level: 1, name: "Roof appeal" }).waitFor();
    assert.equal((await p.getByTestId("tile-balance").textContent()).includes("£25.00"), true);
    const ledger = p.getByTestId("fund-ledger");
    const out = ledger.getByRole("row").filter({ hasText: "Transfer out" });
    await out.waitFor();
    assert.match(await out.textContent(), /−£15\.00.*Release from restriction.*Trustees released part/);
    const gift = ledger.getByRole("row").filter({ hasText: "+£40.00" });
    assert.equal(await gift.getByRole("link", { name: "Donation" }).getAttribute("href"), donationPath);

    await out.getByRole("link", { name: "To another fund" }).click();
    await p.getByRole("heading", { level: 1, name: "General" }).waitFor();
    const generalLedger = p.getByTestId("fund-ledger");
    await generalLedger.getByRole("row").filter({ hasText: "Transfer in" }).filter({ hasText: "+£15.00" }).waitFor();
    await generalLedger.getByRole("row").filter({ hasText: "+£60.00" }).waitFor();
  });
});
