import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  BASE_URL,
  pageApi,
  pagesForThisFile,
  registerCharity,
} from "./helpers.mjs";

const page = pagesForThisFile();

function fundRow(p, name) {
  return p
    .getByTestId("funds-table")
    .getByRole("row")
    .filter({ has: p.getByRole("link", { name, exact: true }) });
}

function typeRow(p, name) {
  return p
    .getByTestId("expense-types-table")
    .getByRole("row")
    .filter({ hasText: name });
}

describe(`Expenses: approval moves the money, never overdrawing a restricted fund, at ${BASE_URL}`, () => {
  test("an overdrawing expense is refused with the balance, one that fits is approved and paid", async () => {
    const { page: p } = await registerCharity(page, { name: "Expense Trust" });
    // a restricted fund holding £40 (set up through the API: the funds screens have their own test)
    const fund = await pageApi(p, "POST", "/api/funds", {
      name: "Roof appeal",
      fund_class: "restricted",
    });
    await pageApi(p, "POST", "/api/donations", {
      amount: "40.00",
      date: "2026-05-01",
      payment_method: "cash",
      allocations: [{ fund_id: fund.id, amount: "40.00" }],
    });

    // 1. an expense type, its name unique ignoring case
    await p.goto("/expense-types");
    await p.getByRole("heading", { level: 1, name: "Expense types" }).waitFor();
    await p.getByRole("button", { name: "Add expense type" }).click();
    let panel = p.getByRole("dialog", { name: "Add expense type" });
    await panel.getByLabel("Name").fill("Scaffolding hire");
    await panel.getByRole("button", { name: "Save" }).click();
    await panel.waitFor({ state: "detached" });
    await typeRow(p, "Scaffolding hire")
      .getByTestId("expense-type-in-use")
      .filter({ hasText: "0" })
      .waitFor();
    await p.getByRole("button", { name: "Add expense type" }).click();
    panel = p.getByRole("dialog", { name: "Add expense type" });
    await panel.getByLabel("Name").fill("SCAFFOLDING  hire");
    await panel.getByRole("button", { name: "Save" }).click();
    await panel.getByText("already called this", { exact: false }).waitFor();
    await panel.getByRole("button", { name: "Cancel" }).click();

    // 2. from the funds page to the expenses screen; record £50 against the £40 fund
    await p.goto("/fund-management");
    await fundRow(p, "Roof appeal").waitFor();
    await p.getByRole("link", { name: "Expenses", exact: true }).click();
    await p.getByRole("heading", { level: 1, name: "Expenses" }).waitFor();
    await p.getByRole("button", { name: "Record expense" }).click();
    const form = p.getByRole("dialog", { name: "Record expense" });
    await form.getByLabel("Amount (£)").fill("50");
    await form
      .getByLabel("Expense type")
      .selectOption({ label: "Scaffolding hire" });
    await form
      .getByLabel("Fund", { exact: true })
      .selectOption({ label: "Roof appeal (£40.00)" });
    await form.getByLabel("Payee").fill("Scaffold Ltd");
    await form.getByRole("button", { name: "Save draft" }).click();
    await form.waitFor({ state: "detached" });
    const row = p
      .getByTestId("expenses-table")
      .getByRole("row")
      .filter({ hasText: "Scaffold Ltd" });
    await row.getByText("Draft", { exact: true }).waitFor();
    assert.match(
      await row.textContent(),
      /Scaffolding hire.*Roof appeal.*£50\.00/,
    );

    // 3. approving it would overdraw the restricted fund: refused with what it has, still a draft
    await row.getByRole("button", { name: "Approve" }).click();
    let confirm = p.getByRole("alertdialog", { name: "Approve this expense?" });
    await confirm.getByText("£50.00 will leave Roof appeal now.").waitFor();
    await confirm.getByRole("button", { name: "Approve" }).click();
    await p
      .getByRole("alert")
      .filter({ hasText: "it has £40.00 available" })
      .waitFor();
    await row.getByText("Draft", { exact: true }).waitFor();

    // 4. a draft is edited down to what fits, approved (the money leaves the fund) and paid
    await row.getByRole("button", { name: "Edit" }).click();
    const edit = p.getByRole("dialog", { name: "Edit expense" });
    await edit.getByLabel("Amount (£)").fill("30");
    await edit.getByRole("button", { name: "Save draft" }).click();
    await edit.waitFor({ state: "detached" });
    await row.filter({ hasText: "£30.00" }).waitFor();
    await row.getByRole("button", { name: "Approve" }).click();
    confirm = p.getByRole("alertdialog", { name: "Approve this expense?" });
    await confirm.getByRole("button", { name: "Approve" }).click();
    await row.getByText("Approved", { exact: true }).waitFor();
    assert.match(await row.textContent(), /by Erin Tester/);
    assert.equal(await row.getByRole("button", { name: "Edit" }).count(), 0);
    await row.getByRole("button", { name: "Mark paid" }).click();
    confirm = p.getByRole("alertdialog", { name: "Mark this expense paid?" });
    await confirm.getByRole("button", { name: "Mark paid" }).click();
    await row.getByText("Paid", { exact: true }).waitFor();
    await p
      .getByTestId("expense-totals")
      .filter({ hasText: "Paid: 1 (£30.00)" })
      .waitFor();

    // 5. the fund's balance dropped by the approved expense only
    await p.goto("/fund-management");
    await fundRow(p, "Roof appeal")
      .getByTestId("fund-balance")
      .filter({ hasText: "£10.00" })
      .waitFor();

    // 6. the type is in use: deleting it is refused (archive instead), archiving works
    await p.goto("/expense-types");
    const used = typeRow(p, "Scaffolding hire");
    await used
      .getByTestId("expense-type-in-use")
      .filter({ hasText: "1" })
      .waitFor();
    await used.getByRole("button", { name: "Delete" }).click();
    await p
      .getByRole("alertdialog", { name: "Delete this expense type?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await p
      .getByRole("alert")
      .filter({ hasText: "can only be archived" })
      .waitFor();
    await used.getByRole("button", { name: "Archive" }).click();
    await p
      .getByRole("alertdialog", { name: "Archive this expense type?" })
      .getByRole("button", { name: "Archive" })
      .click();
    await used.getByText("Archived", { exact: true }).waitFor();
  });
});
