import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { BASE_URL, pageApi, pagesForThisFile, registerCharity } from "./helpers.mjs";

const page = pagesForThisFile();

describe(`Projects: a fund's project, a donation split to it and the project page at ${BASE_URL}`, () => {
  test("a donation line on a project shows on the project page's raised figure and its lines", async () => {
    const { page: p } = await registerCharity(page, { name: "Project Trust", emailPrefix: "e2e-projects" });
    const fund = await pageApi(p, "POST", "/api/funds", { name: "Roof appeal", fund_class: "restricted" });

    // 1. a project of the fund, through the form
    await p.goto("/projects");
    await p.getByRole("heading", { level: 1, name: "Projects" }).waitFor();
    await p.getByText("No projects yet.").waitFor();
    await p.getByRole("link", { name: "Add project" }).click();
    await p.getByRole("heading", { level: 1, name: "Add project" }).waitFor();
    const form = p.getByTestId("project-form");
    await form.getByRole("button", { name: "Save" }).click();
    await form.getByText("Give the project a name.").waitFor();
    await form.getByLabel("Name").fill("New Roof");
    await form.getByLabel("Fund").locator("option", { hasText: "Roof appeal" }).waitFor({ state: "attached" });
    await form.getByLabel("Fund").selectOption(fund.id);
    await form.getByLabel("Status").selectOption("active");
    await form.getByLabel("Budget").fill("5000");
    await form.getByRole("button", { name: "Save" }).click();
    await p.getByRole("heading", { level: 1, name: "New Roof" }).waitFor();
    assert.match(await p.getByTestId("tile-raised").textContent(), /£0\.00/);

    // 2. a donation of £50: £30 to the project, £20 to General
    await p.goto("/donations/create");
    const donation = p.getByTestId("donation-form");
    await donation.getByLabel("Amount (£)").fill("50");
    const funds = donation.getByTestId("donation-funds");
    await funds.getByRole("button", { name: "Choose a fund or split" }).click();
    await funds.getByRole("option", { name: "Roof appeal" }).waitFor({ state: "attached" });
    await funds.getByLabel("Fund of line 1").selectOption(fund.id);
    await funds.getByLabel("Project of line 1").selectOption({ label: "New Roof" });
    await funds.getByRole("button", { name: "Split: add a fund" }).click();
    await funds.getByLabel("Fund of line 2").selectOption("general");
    await funds.getByLabel("Amount of line 1").fill("30");
    await funds.getByLabel("Amount of line 2").fill("20");
    await funds.getByTestId("split-remainder").filter({ hasText: "The lines add up to the donation." }).waitFor();
    await donation.getByRole("button", { name: "Add donation" }).click();
    await p.waitForURL(/\/donations\/[0-9a-z]{20,}$/);
    await p.getByRole("heading", { level: 1, name: "Donation", exact: true }).waitFor();
    const donationPath = new URL(p.url()).pathname;
    const card = p.getByTestId("donation-allocations");
    const projectRow = card.getByRole("row").filter({ hasText: "Roof appeal" });
    await projectRow.filter({ hasText: "£30.00" }).waitFor();

    // 3. the project page: raised £30, the donation among its lines
    await projectRow.getByRole("link", { name: "New Roof" }).click();
    await p.getByRole("heading", { level: 1, name: "New Roof" }).waitFor();
    await p.getByTestId("tile-raised").filter({ hasText: "£30.00" }).waitFor();
    assert.match(await p.getByTestId("tile-balance").textContent(), /£30\.00/);
    const line = p.getByTestId("project-lines").getByRole("row").filter({ hasText: "+£30.00" });
    await line.waitFor();
    assert.equal(await line.getByRole("link", { name: "Donation" }).getAttribute("href"), donationPath);

    // 4. the list shows its money; the fund's balance moved in the same write
    await p.goto("/projects");
    const row = p.getByTestId("projects-table").getByRole("row").filter({ hasText: "New Roof" });
    await row.waitFor();
    assert.match(await row.textContent(), /Roof appeal.*Active.*£5,000\.00.*£30\.00/);
    const stored = await pageApi(p, "GET", `/api/funds/${fund.id}`);
    assert.equal(stored.balance, "30.00");
  });
});
