import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, test } from "node:test";
import { BASE_URL, pageApi, pagesForThisFile, registerCharity } from "./helpers.mjs";

const page = pagesForThisFile();

const iso = (date) => date.toISOString().slice(0, 10);

function statementRow(p, name) {
  return p
    .getByTestId("statement-table")
    .getByRole("row")
    .filter({ has: p.getByRole("link", { name, exact: true }) });
}

async function cells(row) {
  return (await row.getByRole("cell").allTextContents()).map((text) => text.trim());
}

describe(`Statement of funds at ${BASE_URL}`, () => {
  test("donations split to a restricted fund and a transfer show on the statement, the dashboard and in the CSV", async () => {
    const { page: p } = await registerCharity(page, { name: "Statement Trust", emailPrefix: "e2e-statement" });
    const today = new Date();
    const lastYear = new Date(today);
    lastYear.setUTCFullYear(today.getUTCFullYear() - 1);

    // a restricted fund; £100 last year split £60 Roof / £40 General; £50 this year to Roof;
    // a £15 transfer from General to Roof this year
    const roof = await pageApi(p, "POST", "/api/funds", {
      name: "Roof appeal",
      fund_class: "restricted",
      finance_code: "ROOF-1",
      goal: "500.00",
    });
    await pageApi(p, "POST", "/api/donations", {
      amount: "100.00",
      date: iso(lastYear),
      payment_method: "cash",
      allocations: [
        { fund_id: roof.id, amount: "60.00" },
        { fund_id: "general", amount: "40.00" },
      ],
    });
    await pageApi(p, "POST", "/api/donations", {
      amount: "50.00",
      date: iso(today),
      payment_method: "cash",
      allocations: [{ fund_id: roof.id, amount: "50.00" }],
    });
    await pageApi(p, "POST", "/api/funds/transfers", {
      from_fund_id: "general",
      to_fund_id: roof.id,
      amount: "15.00",
      date: iso(today),
      reason: "reallocation",
    });

    // the dashboard shows the fund tiles: Roof first (largest balance), this year's income
    await p.goto("/");
    const tile = p.getByTestId(`fund-tile-${roof.id}`);
    await tile.waitFor();
    assert.match(await tile.textContent(), /Roof appeal.*Restricted.*£125\.00.*£50\.00 income.*25% of the £500\.00 goal/);
    await p.getByTestId("dashboard-funds").getByRole("link", { name: "See all funds" }).waitFor();

    // the statement opens from the funds page
    await p.goto("/fund-management");
    await p.getByRole("link", { name: "Statement of funds" }).click();
    await p.getByRole("heading", { level: 1, name: "Statement of funds" }).waitFor();
    const row = statementRow(p, "Roof appeal");
    await row.waitFor();
    // finance code, opening, income, Gift Aid, expenditure, transfers in, transfers out, closing
    assert.deepEqual(await cells(row), ["ROOF-1", "£60.00", "£50.00", "£0.00", "£0.00", "£15.00", "£0.00", "£125.00"]);
    assert.deepEqual(await cells(statementRow(p, "General")), [
      "", "£40.00", "£0.00", "£0.00", "£0.00", "£0.00", "£15.00", "£25.00",
    ]);
    assert.match(await p.getByTestId("statement-subtotal-restricted").textContent(), /Total Restricted funds.*£125\.00/);
    assert.match(await p.getByTestId("statement-total").textContent(), /Total funds.*£100\.00.*£150\.00$/);

    // the year before: the £100 only
    const picker = p.getByLabel("Financial year");
    const options = await picker.locator("option").allTextContents();
    assert.match(options[0], /^Year ending \d+ \w+ \d{4} \(so far\)$/);
    assert.match(options[1], /^Year ended \d+ \w+ \d{4}$/);
    await picker.selectOption({ index: 1 });
    await p.getByTestId("statement-total").filter({ hasText: /^Total funds£0\.00.*£100\.00$/ }).waitFor();
    assert.deepEqual(await cells(statementRow(p, "Roof appeal")), [
      "ROOF-1", "£0.00", "£60.00", "£0.00", "£0.00", "£0.00", "£0.00", "£60.00",
    ]);

    // a year with no movements says so
    await picker.selectOption({ index: 5 });
    await p.getByText("No money moved in this year").waitFor();

    // the CSV of the year shown
    await picker.selectOption({ index: 0 });
    await statementRow(p, "Roof appeal").filter({ hasText: "£125.00" }).waitFor();
    const [download] = await Promise.all([
      p.waitForEvent("download"),
      p.getByRole("button", { name: "Download CSV" }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^statement-of-funds-\d{4}\.csv$/);
    const csv = await readFile(await download.path(), "utf8");
    const lines = csv.trim().split(/\r?\n/);
    assert.equal(lines[0], '"Class","Fund","Finance code","Opening balance","Income","Gift Aid","Expenditure","Transfers in","Transfers out","Closing balance"');
    assert.ok(lines.includes('"Restricted","Roof appeal","ROOF-1","60.00","50.00","0.00","0.00","15.00","0.00","125.00"'), csv);
    assert.match(lines.at(-1), /^"","Total funds","","100.00","50.00","0.00","0.00","15.00","15.00","150.00"$/);
  });
});
