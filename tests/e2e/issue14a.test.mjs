import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, test } from "node:test";
import {
  BASE_URL,
  pagesForThisFile,
  OWNER_EMAIL,
  signIn,
  STAFF_EMAIL,
  registerCharity,
} from "./helpers.mjs";

const page = pagesForThisFile();

async function createDonor(p, { first, last }) {
  await p.goto("/donors/create");
  const form = p.getByTestId("donor-form");
  await form.getByLabel("First name").fill(first);
  await form.getByLabel("Last name").fill(last);
  await form.getByLabel("House name or number").fill("12");
  await form.getByLabel("Address line 1").fill("High Street");
  await form.getByLabel("Town").fill("Bath");
  await form.getByLabel("Postcode").fill("BA1 1AA");
  await form.getByRole("button", { name: "Add donor" }).click();
  await p
    .getByRole("heading", { level: 1, name: `${first} ${last}` })
    .waitFor();
  return new URL(p.url()).pathname;
}

/** Every request the page makes to GET /api/user, and every console error, from now on. */
function watch(p) {
  const seen = { userCalls: [], consoleErrors: [] };
  p.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/user")
      seen.userCalls.push(request.url());
  });
  p.on("console", (message) => {
    if (message.type() === "error") seen.consoleErrors.push(message.text());
  });
  p.on("pageerror", (error) => seen.consoleErrors.push(String(error)));
  return seen;
}

describe(`Issue 14 (QR code, declarations, dashboard tiles, signed-out pages) at ${BASE_URL}`, () => {
  test("the 2FA set-up shows a QR code image that actually renders", async () => {
    const p = await page();
    await registerCharity(p, { name: "Issue Fourteen Trust", owner: "Quinn Tester", emailPrefix: "e2e-14a" });
    await p.goto("/settings/2fa");
    await p.getByRole("button", { name: "Enable" }).click();
    const qr = p.getByRole("img", {
      name: "QR code for your authenticator app",
    });
    await qr.waitFor();
    // A broken image (an SVG without its namespace) loads with naturalWidth 0 and shows alt text.
    const handle = await qr.elementHandle();
    await p.waitForFunction((img) => img.complete, handle);
    const size = await qr.evaluate((img) => ({
      width: img.naturalWidth,
      height: img.naturalHeight,
    }));
    assert.ok(
      size.width > 0 && size.height > 0,
      `QR image did not render: ${JSON.stringify(size)}`,
    );
  });

  test("a donor page shows a declaration once and no placeholder; without one, one empty state", async () => {
    const p = await page();
    await registerCharity(p, { name: "Issue Fourteen Trust", owner: "Quinn Tester", emailPrefix: "e2e-14a" });
    const tag = randomUUID().slice(0, 6);

    await createDonor(p, { first: "Nell", last: `Undeclared${tag}` });
    const emptyPanel = p.getByTestId("declarations");
    await emptyPanel.getByText(/^No declarations yet\./).waitFor();
    assert.equal(await p.getByText(/No declarations yet/).count(), 1);
    assert.equal(
      await p.getByRole("heading", { name: /declarations/i }).count(),
      1,
    );
    assert.equal(
      await p.getByText(/arrive with the Gift Aid feature/).count(),
      0,
    );

    await createDonor(p, { first: "Ada", last: `Declared${tag}` });
    const panel = p.getByTestId("declarations");
    await panel.getByRole("button", { name: "Add declaration" }).click();
    const form = p.getByTestId("declaration-form");
    await form.getByLabel("Method").selectOption("written");
    await form.getByLabel("Statement version").fill("2026-01 paper form");
    await form.getByLabel("Evidence").setInputFiles({
      name: "declaration.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n% a signed paper declaration\n"),
    });
    await form.getByRole("button", { name: "Save declaration" }).click();
    await panel
      .getByTestId("declaration")
      .filter({ hasText: "Active" })
      .waitFor();
    // Reload: what a later visit shows, not only the state after saving.
    await p.reload();
    await p
      .getByTestId("declarations")
      .getByTestId("declaration")
      .first()
      .waitFor();
    assert.equal(await p.getByTestId("declaration").count(), 1);
    assert.equal(
      await p.getByRole("heading", { name: /declarations/i }).count(),
      1,
    );
    assert.equal(await p.getByText(/No declarations yet/).count(), 0);
    assert.equal(
      await p.getByText(/arrive with the Gift Aid feature/).count(),
      0,
    );
  });

  test("staff do not see the Unclaimed Gift Aid tile; the owner does", async () => {
    const staff = await page();
    await signIn(staff, STAFF_EMAIL);
    await staff.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    const staffTiles = staff.getByRole("list", { name: "Key figures" });
    await staffTiles.getByTestId("tile-month").waitFor();
    await staffTiles.getByTestId("tile-donors").waitFor();
    assert.equal(await staff.getByText("Unclaimed Gift Aid").count(), 0);
    assert.equal(
      await staff.getByRole("link", { name: "Claim it" }).count(),
      0,
    );

    const owner = await page();
    await signIn(owner, OWNER_EMAIL);
    await owner.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    const ownerTiles = owner.getByRole("list", { name: "Key figures" });
    await ownerTiles
      .getByTestId("tile-gift_aid")
      .getByText("Unclaimed Gift Aid")
      .waitFor();
  });

  test("signed-out pages never call /api/user; signing in loads the user; signing out stops it", async () => {
    const p = await page();
    const seen = watch(p);
    const signedOutPages = [
      ["/login", "Sign in to Almoner"],
      ["/register", "Register your charity"],
      ["/password/reset", "Reset your password"], // the forgot-password page
      ["/forgot-password", "Page not found"], // any other path a signed-out visitor opens
    ];
    for (const [path, heading] of signedOutPages) {
      await p.goto(path);
      await p.getByRole("heading", { name: heading }).waitFor();
      await p.waitForLoadState("networkidle");
    }
    assert.deepEqual(seen.userCalls, []);
    assert.deepEqual(seen.consoleErrors, []);

    // A signed-in page load asks for the user and gets it.
    await registerCharity(p, { name: "Issue Fourteen Trust", owner: "Quinn Tester", emailPrefix: "e2e-14a" });
    const loaded = p.waitForResponse(
      (response) => new URL(response.url()).pathname === "/api/user",
    );
    await p.reload();
    assert.equal((await loaded).status(), 200);
    await p.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await p.getByRole("button", { name: "Quinn Tester" }).waitFor();

    await p.getByRole("button", { name: "Quinn Tester" }).click();
    await p.getByRole("menuitem", { name: "Logout" }).click();
    await p.waitForURL("**/login");
    const callsBefore = seen.userCalls.length;
    for (const [path, heading] of signedOutPages) {
      await p.goto(path);
      await p.getByRole("heading", { name: heading }).waitFor();
      await p.waitForLoadState("networkidle");
    }
    await p.goto("/");
    await p.waitForURL("**/login");
    await p.getByRole("heading", { name: "Sign in to Almoner" }).waitFor();
    assert.deepEqual(seen.userCalls.slice(callsBefore), []);
    assert.deepEqual(seen.consoleErrors, []);
  });
});
