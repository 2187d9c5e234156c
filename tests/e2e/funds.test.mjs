import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, test } from "node:test";
import { BASE_URL, pageApi, pagesForThisFile } from "./helpers.mjs";

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

    // A project of the restricted fund, through its form.
    await p.goto("/projects/add");
    const projectForm = p.getByTestId("project-form");
    await projectForm.getByLabel("Fund").locator("option", { hasText: "Roof appeal" }).waitFor({ state: "attached" });
    await projectForm.getByLabel("Name").fill("New Roof");
    await projectForm.getByLabel("Fund").selectOption({ label: "Roof appeal" });
    await projectForm.getByLabel("Status").selectOption("active");
    await projectForm.getByRole("button", { name: "Save" }).click();
    await p.getByRole("heading", { level: 1, name: "New Roof" }).waitFor();

    // £10 of the donation's restricted line moves into the project (within the fund: no
    // restriction is released, so any reason will do and the fund's balance stays).
    await p.goto(donationPath);
    const card = p.getByTestId("donation-allocations");
    await card.getByRole("row").filter({ hasText: "Roof appeal" }).getByRole("button", { name: "Move" }).click();
    const move = p.getByRole("dialog", { name: "Move money of this donation" });
    await move.getByText("£40.00 of this donation is in Roof appeal.").waitFor();
    await move.getByLabel("To fund").locator("option", { hasText: "Roof appeal" }).waitFor({ state: "attached" });
    await move.getByLabel("To fund").selectOption({ label: "Roof appeal" });
    await move.getByLabel("Project").selectOption({ label: "New Roof" });
    await move.getByLabel("Amount").fill("10");
    await move.getByLabel("Reason").selectOption("correction");
    await move.getByRole("button", { name: "Move" }).click();
    await move.waitFor({ state: "detached" });
    await card.getByRole("row").filter({ hasText: "New Roof" }).filter({ hasText: "£10.00" }).waitFor();
    await card.getByRole("row").filter({ hasText: "No project" }).filter({ hasText: "£30.00" }).waitFor();

    // An expense of the project that would overdraw the restricted fund (it holds £25) is refused
    // with what it has; edited down, it is approved and the fund's balance drops.
    await pageApi(p, "POST", "/api/expense-types", { name: "Roofing" });
    await p.goto("/fund-management/expenses");
    await p.getByRole("button", { name: "Record expense" }).click();
    const expense = p.getByRole("dialog", { name: "Record expense" });
    await expense.getByLabel("Expense type").locator("option", { hasText: "Roofing" }).waitFor({ state: "attached" });
    await expense.getByLabel("Amount (£)").fill("30");
    await expense.getByLabel("Expense type").selectOption({ label: "Roofing" });
    await expense.getByLabel("Project").selectOption({ label: "New Roof" });
    await expense.getByLabel("Payee").fill("Slate & Sons");
    await expense.getByRole("button", { name: "Save draft" }).click();
    await expense.waitFor({ state: "detached" });
    const row = p.getByTestId("expenses-table").getByRole("row").filter({ hasText: "Slate & Sons" });
    await row.getByRole("button", { name: "Approve" }).click();
    let confirm = p.getByRole("alertdialog", { name: "Approve this expense?" });
    await confirm.getByRole("button", { name: "Approve" }).click();
    await p.getByRole("alert").filter({ hasText: "it has £25.00 available" }).waitFor();
    await row.getByRole("button", { name: "Edit" }).click();
    const edit = p.getByRole("dialog", { name: "Edit expense" });
    await edit.getByLabel("Amount (£)").fill("20");
    await edit.getByRole("button", { name: "Save draft" }).click();
    await edit.waitFor({ state: "detached" });
    await row.filter({ hasText: "£20.00" }).getByRole("button", { name: "Approve" }).click();
    confirm = p.getByRole("alertdialog", { name: "Approve this expense?" });
    await confirm.getByRole("button", { name: "Approve" }).click();
    await row.getByText("Approved", { exact: true }).waitFor();

    // The statement of funds of the year in progress: the fund's year in one row.
    await p.goto("/fund-management");
    await fundRow(p, "Roof appeal").getByTestId("fund-balance").filter({ hasText: "£5.00" }).waitFor();
    await p.getByRole("link", { name: "Statement of funds" }).click();
    await p.getByRole("heading", { level: 1, name: "Statement of funds" }).waitFor();
    const roof = p.getByTestId("statement-table").getByRole("row").filter({ hasText: "Roof appeal" });
    await roof.waitFor();
    // finance code, opening, income, Gift Aid, expenditure, transfers in, transfers out, closing
    const figures = (await roof.getByRole("cell").allTextContents()).map((text) => text.trim());
    assert.deepEqual(figures, ["ROOF-1", "£0.00", "£40.00", "£0.00", "£20.00", "£0.00", "£15.00", "£5.00"]);
  });
});
