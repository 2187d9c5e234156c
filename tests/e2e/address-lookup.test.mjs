import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  BASE_URL,
  pagesForThisFile,
  registerCharity,
} from "./helpers.mjs";

const page = pagesForThisFile();

describe(`Address lookup by postcode on the donor form at ${BASE_URL}`, () => {
  test("type a postcode, find, pick an address: the fields fill, stay editable, and the donor is saved with it", async () => {
    const p = await page();
    await registerCharity(p, { name: "Postcode Lookup Trust", owner: "Pat Postcode", emailPrefix: "e2e-address" });
    await p.goto("/donors/create");
    const form = p.getByTestId("donor-form");
    await form.getByLabel("First name").fill("Lena");
    await form.getByLabel("Last name").fill("Lookup");
    await form.getByLabel("Postcode").fill("bs1 4dj");
    await form.getByRole("button", { name: "Find address" }).click();
    const choice = form.getByLabel("4 addresses found: choose one");
    await choice.waitFor();
    await choice.selectOption({ label: "9 Queen Square, Bristol, BS1 4DJ" });
    assert.equal(
      await form.getByLabel("House name or number").inputValue(),
      "9",
    );
    assert.equal(
      await form.getByLabel("Address line 1").inputValue(),
      "Queen Square",
    );
    assert.equal(await form.getByLabel("Town").inputValue(), "Bristol");
    assert.equal(await form.getByLabel("Postcode").inputValue(), "BS1 4DJ");
    // manual entry stays available: the chosen address can still be edited
    await form.getByLabel("Address line 2").fill("Second Floor");
    await form.getByRole("button", { name: "Add donor" }).click();
    await p.getByRole("heading", { level: 1, name: "Lena Lookup" }).waitFor();
    const address = p.locator("dd", { hasText: "Queen Square" });
    assert.equal(
      (await address.innerText()).split("\n").slice(0, 4).join(" | "),
      "9 Queen Square | Second Floor | Bristol | BS1 4DJ",
    );
  });

  test("a postcode the lookup does not know says so and leaves the fields for typing", async () => {
    const p = await page();
    await registerCharity(p, { name: "Postcode Lookup Trust", owner: "Pat Postcode", emailPrefix: "e2e-address" });
    await p.goto("/donors/create");
    const form = p.getByTestId("donor-form");
    await form.getByLabel("Postcode").fill("SW1A 9ZZ");
    await form.getByRole("button", { name: "Find address" }).click();
    await form
      .getByText("No addresses found for SW1A 9ZZ. Type the address in.")
      .waitFor();
    await form.getByLabel("Address line 1").fill("Typed Lane");
    assert.equal(
      await form.getByLabel("Address line 1").inputValue(),
      "Typed Lane",
    );
  });
});
