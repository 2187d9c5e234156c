import assert from "node:assert/strict";
import { randomInt, randomUUID } from "node:crypto";
import { describe, test } from "node:test";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  BASE_URL,
  pagesForThisFile,
  signIn,
  registerCharity,
} from "./helpers.mjs";

const page = pagesForThisFile();

/** Signs the admin in on a fresh page; resolves with the overview the dashboard was drawn from. */
async function adminDashboard() {
  const admin = await page();
  const seen = [];
  admin.on("request", (request) => seen.push(new URL(request.url()).pathname));
  const overview = admin.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === "/api/charities/overview",
  );
  await signIn(admin, ADMIN_EMAIL, ADMIN_PASSWORD);
  await admin.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
  const reply = await overview;
  assert.equal(reply.status(), 200);
  return { admin, overview: await reply.json(), seen };
}

/** Registers a new charity called `name` (tests/e2e/helpers.mjs) and gives it `number` in Settings. */
async function charityWithNumber(name, number) {
  const { page: p } = await registerCharity(page, {
    name,
    owner: "Dana Duplicate",
    emailPrefix: "e2e-dup",
  });
  await p.goto("/settings/charity");
  await p.getByLabel("Registration number").fill(number);
  // The form sends every field, and an empty email is refused (422), so give one.
  await p.getByLabel("Email", { exact: true }).fill("office@twin.example");
  await p.getByRole("button", { name: "Save" }).click();
  await p.getByText("The charity information has been saved.").waitFor();
  const me = await p.request.get("/api/user");
  assert.equal(me.status(), 200);
  const body = await me.json();
  return (body.user ?? body).tenant.id;
}

describe(`Platform admin's dashboard at ${BASE_URL}`, () => {
  test("the admin sees the platform figures the overview gives, not a charity tiles", async () => {
    const { admin, overview, seen } = await adminDashboard();
    const tiles = admin.getByRole("list", { name: "Platform figures" });
    const expected = {
      charities: "Charities",
      active_users: "Active users",
      claims_this_month: "Claims this month",
      open_tickets: "Open tickets",
    };
    for (const [key, label] of Object.entries(expected)) {
      const tile = tiles.getByTestId(`tile-${key}`);
      assert.equal(
        await tile.locator(".stat-tile__label").textContent(),
        label,
      );
      assert.equal(
        await tile.locator("strong").textContent(),
        overview.tiles[key].toLocaleString("en-GB"),
        key,
      );
    }
    assert.ok(overview.tiles.charities >= 1, JSON.stringify(overview.tiles));
    assert.ok(overview.tiles.active_users >= 1, "the admin just signed in");
    assert.equal(await admin.getByText("Donations this month").count(), 0);
    assert.equal(
      await admin.getByRole("list", { name: "Key figures" }).count(),
      0,
    );
    assert.ok(
      !seen.includes("/api/dashboard"),
      `the admin called ${seen.join(", ")}`,
    );
  });

  test("two charities with the same name and registration number are warned about", async () => {
    const name = `Twin Trust ${randomUUID().slice(0, 8)}`;
    const number = String(randomInt(1_000_000, 9_999_999));
    const first = await charityWithNumber(name, number);
    const second = await charityWithNumber(name, number);

    const { admin, overview } = await adminDashboard();
    const group = overview.duplicates.find((found) => found.name === name);
    assert.ok(group, `no duplicate group for ${name}`);
    assert.deepEqual(
      group.charities.map((c) => c.id).sort(),
      [first, second].sort(),
    );
    const warning = admin.getByTestId("duplicate-charities");
    const item = warning.getByRole("listitem").filter({ hasText: name });
    await item.getByText(`${name}, registration number ${number}:`).waitFor();
    const links = item.getByRole("link", { name });
    assert.equal(await links.count(), 2);
    assert.deepEqual(
      (
        await links.evaluateAll((all) => all.map((a) => a.getAttribute("href")))
      ).sort(),
      [`/charities/${first}`, `/charities/${second}`].sort(),
    );

    // The Charities list badges both rows (and only rows in a duplicate group).
    await admin
      .getByTestId("sidebar")
      .getByRole("link", { name: "Charities" })
      .click();
    await admin.getByRole("heading", { level: 1, name: "Charities" }).waitFor();
    await admin.locator(".table-toolbar").getByRole("searchbox").fill(name);
    const rows = admin.getByRole("row").filter({ hasText: name });
    await admin.waitForFunction(
      (text) =>
        [...document.querySelectorAll("tbody tr")].filter((row) =>
          row.textContent.includes(text),
        ).length === 2,
      name,
    );
    for (const row of await rows.all()) {
      await row.getByText("Possible duplicate").waitFor();
      await row.getByText(number).waitFor();
    }
  });

  test("the admin opens a charity, edits it and disables it: its owner can no longer sign in", async () => {
    const name = `Paused Trust ${randomUUID().slice(0, 8)}`;
    const owner = await registerCharity(page, { name, emailPrefix: "e2e-paused" });

    const { admin } = await adminDashboard();
    await admin.getByTestId("sidebar").getByRole("link", { name: "Charities" }).click();
    await admin.getByRole("heading", { level: 1, name: "Charities" }).waitFor();
    await admin.locator(".table-toolbar").getByRole("searchbox").fill(name);
    const row = admin.getByRole("row").filter({ hasText: name });
    await row.getByText("Active").waitFor();
    await row.getByRole("button", { name: "View" }).click();

    await admin.getByRole("heading", { level: 1, name }).waitFor();
    const details = admin.getByTestId("charity-details");
    await details.getByText("Active").waitFor();
    assert.match(await details.textContent(), /Users\s*1/);

    await admin.getByRole("link", { name: "Edit charity" }).click();
    await admin.getByRole("heading", { level: 1, name: "Edit charity" }).waitFor();
    await admin.getByLabel("Phone").fill("0117 496 0000");
    await admin.getByLabel("Disabled").check();
    await admin.getByRole("button", { name: "Save" }).click();
    const dialog = admin.getByRole("alertdialog");
    await dialog.getByText(`Disable ${name}?`).waitFor();
    await dialog.getByRole("button", { name: "Disable charity" }).click();

    await admin.getByRole("heading", { level: 1, name }).waitFor();
    await details.getByText("Disabled").waitFor();
    await details.getByText("0117 496 0000").waitFor();
    await admin.getByText("This charity is disabled: its users cannot sign in.").waitFor();

    // Its owner was signed out, and signing in again is refused.
    const me = await owner.page.request.get("/api/user");
    assert.equal(me.status(), 401);
    await owner.page.goto("/login");
    await owner.page.getByLabel("Email").fill(owner.email);
    await owner.page.getByLabel("Password").fill(owner.password);
    await owner.page.getByRole("button", { name: "Sign in" }).click();
    await owner.page.getByText("These credentials do not match our records.").first().waitFor();
    assert.equal(new URL(owner.page.url()).pathname, "/login");
  });
});
