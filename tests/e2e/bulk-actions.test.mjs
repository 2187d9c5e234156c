import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { describe, test } from "node:test";
import {
  BASE_URL,
  pagesForThisFile,
  registerCharity,
} from "./helpers.mjs";

const page = pagesForThisFile();

/** "Add donation" from the Donations list; the donor left empty (anonymous). */
async function addAnonymousDonation(p, amount) {
  await p.goto("/donations");
  await p.getByRole("link", { name: "Add donation" }).click();
  const form = p.getByTestId("donation-form");
  await form.getByLabel("Amount").fill(amount);
  await form.getByRole("button", { name: "Add donation" }).click();
  await p.waitForURL(/\/donations\/(?!create)[^/]+$/);
}

/** Waits (ceiling 10 s) until the input shows `expected`. */
async function waitForValue(input, expected) {
  const end = Date.now() + 10_000;
  let seen = await input.inputValue();
  while (seen !== expected) {
    if (Date.now() > end)
      assert.fail(`input shows ${JSON.stringify(seen)}, not ${expected}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    seen = await input.inputValue();
  }
}

const rowWith = (p, text) =>
  p.getByTestId("table-donations").getByRole("row").filter({ hasText: text });

describe(`Donations list: Add donation and bulk actions at ${BASE_URL}`, () => {
  test("add a donation creating its donor; export and delete selected rows", async () => {
    const p = await page();
    await registerCharity(p, { name: "Bulk Actions Trust", owner: "Bea Bulk", emailPrefix: "e2e-bulk" });
    const last = `Bulk${randomUUID().slice(0, 8)}`;

    // GIVEN the Donations list, "Add donation" opens a form where the donor can be created
    await p.goto("/donations");
    await p.getByRole("link", { name: "Add donation" }).click();
    await p.getByRole("heading", { level: 1, name: "Add donation" }).waitFor();
    const form = p.getByTestId("donation-form");
    await form.getByRole("radio", { name: "New donor" }).check();
    const donor = form.getByTestId("new-donor-fields");
    await donor.getByLabel("First name").fill("Nora");
    await donor.getByLabel("Last name").fill(last);
    await donor.getByLabel("House name or number").fill("3");
    await donor.getByLabel("Address line 1").fill("Mill Lane");
    await donor.getByLabel("Town").fill("Bath");
    await donor.getByLabel("Postcode").fill("BA1 1AA");
    // WHEN the donation is refused (no amount), the donor is kept and chosen, the form stays
    await form.getByRole("button", { name: "Add donation" }).click();
    await form.locator(".field-error").first().waitFor();
    await waitForValue(form.getByLabel("Find donor"), `Nora ${last}`);
    // AND once corrected it is saved to that donor
    await form.getByLabel("Amount").fill("12.34");
    await form.getByRole("button", { name: "Add donation" }).click();
    await p.waitForURL(/\/donations\/(?!create)[^/]+$/);
    await p.getByText("The donation has been saved.").first().waitFor();
    await p.goto("/donations");
    await rowWith(p, `Nora ${last}`).filter({ hasText: "£12.34" }).waitFor();
    // ...and only one donor of that name exists (the retry did not create a second)
    await p.goto(`/donors`);
    await p
      .getByTestId("table-donors")
      .getByText(`Nora ${last}`)
      .first()
      .waitFor();
    assert.equal(
      await p
        .getByTestId("table-donors")
        .getByRole("row")
        .filter({ hasText: last })
        .count(),
      1,
    );

    for (const amount of ["1.11", "2.22", "3.33"])
      await addAnonymousDonation(p, amount);

    // GIVEN two selected rows, the bar says so
    await p.goto("/donations");
    for (const amount of ["£1.11", "£2.22"]) {
      await rowWith(p, amount)
        .getByRole("checkbox", { name: "Select row" })
        .check();
    }
    const bar = p.getByRole("region", { name: "Selected rows" });
    await bar.getByText("2 selected").waitFor();

    // WHEN "Export selected": the CSV has exactly those rows
    const downloading = p.waitForEvent("download", { timeout: 30_000 });
    await bar.getByRole("button", { name: "Export selected" }).click();
    const download = await downloading;
    assert.match(
      download.suggestedFilename(),
      /^\d{4}-\d{2}-\d{2}-donations\.csv$/,
    );
    const csv = (await readFile(await download.path(), "utf8")).replace(
      /^\uFEFF/,
      "",
    );
    const lines = csv.trim().split(/\r?\n/);
    assert.equal(lines.length, 3, csv);
    assert.ok(
      lines.slice(1).some((line) => line.includes("1.11")),
      csv,
    );
    assert.ok(
      lines.slice(1).some((line) => line.includes("2.22")),
      csv,
    );
    assert.ok(!/3\.33|12\.34/.test(csv), csv);

    // WHEN "Delete selected", confirmed: they are gone and the others stay
    await bar.getByRole("button", { name: "Delete selected" }).click();
    const dialog = p.getByRole("alertdialog", { name: "Delete 2 donations?" });
    await dialog
      .getByText("This cannot be undone.", { exact: false })
      .waitFor();
    await dialog.getByRole("button", { name: "Delete 2 donations" }).click();
    await p.getByText("2 of 2 donations deleted.").first().waitFor();
    await rowWith(p, "£1.11").waitFor({ state: "detached" });
    await rowWith(p, "£2.22").waitFor({ state: "detached" });
    await rowWith(p, "£3.33").waitFor();
    await rowWith(p, "£12.34").waitFor();
    assert.equal(await bar.count(), 0);
  });
});
