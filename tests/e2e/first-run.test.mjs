import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  BASE_URL,
  pagesForThisFile,
  registerCharity,
} from "./helpers.mjs";

const page = pagesForThisFile();

async function saveAndWait(p, form) {
  await form.getByRole("button", { name: "Save" }).click();
  await p.locator(".toast--success").first().waitFor();
}

describe(`First run: the checklist and the charity facts kept once, at ${BASE_URL}`, () => {
  test("a new charity sees every step unticked, and adding a donor ticks that step", async () => {
    const p = await page();
    await registerCharity(p, {
      via: "ui",
      name: "First Run Trust",
      owner: "Robin Starter",
      emailPrefix: "e2e-first-run",
    });
    const card = p.getByRole("region", {
      name: "Get ready for your first Gift Aid claim",
    });
    await card.waitFor();
    assert.match(await card.innerText(), /0 of 5 steps done/);
    for (const key of [
      "charity",
      "official",
      "donors",
      "declaration",
      "claim",
    ]) {
      assert.match(
        await p.getByTestId(`setup-${key}`).innerText(),
        /To do/,
        `${key} should start unticked`,
      );
    }

    await p
      .getByTestId("setup-donors")
      .getByRole("link", { name: "Add a donor" })
      .click();
    const form = p.getByTestId("donor-form");
    await form.getByLabel("First name").fill("Ada");
    await form.getByLabel("Last name").fill("Firstgift");
    await form.getByLabel("House name or number").fill("12");
    await form.getByLabel("Address line 1").fill("High Street");
    await form.getByLabel("Town").fill("Bath");
    await form.getByLabel("Postcode").fill("BA1 1AA");
    await form.getByRole("button", { name: "Add donor" }).click();
    await p.getByRole("heading", { level: 1, name: "Ada Firstgift" }).waitFor();

    await p.goto("/");
    await card.waitFor();
    assert.match(await card.innerText(), /1 of 5 steps done/);
    assert.match(await p.getByTestId("setup-donors").innerText(), /Done/);
    assert.match(await p.getByTestId("setup-official").innerText(), /To do/);
  });

  test("the registration number set in Gift Aid settings shows on Charity information, and the official set there shows in Gift Aid settings", async () => {
    const p = await page();
    await registerCharity(p, {
      name: "First Run Trust",
      owner: "Robin Starter",
      emailPrefix: "e2e-first-run",
    });

    await p.goto("/gift-aid/settings");
    const giftAid = p.getByTestId("gift-aid-settings");
    await giftAid.getByLabel("Regulator").selectOption("CCEW");
    await giftAid.getByLabel("Registration number").fill("1098765");
    await saveAndWait(p, giftAid);

    await p.goto("/settings/charity");
    const number = p.getByLabel("Registration number");
    await number.waitFor();
    assert.equal(await number.inputValue(), "1098765");
    assert.equal(await p.getByLabel("Regulator").inputValue(), "CCEW");

    await p.goto("/settings/authorized-official");
    await p.getByLabel("First name").fill("Grace");
    await p.getByLabel("Last name").fill("Treasurer");
    await p.getByLabel("Postcode").fill("ls11ab");
    await p.getByLabel("Phone").fill("0113 496 0002");
    await p.getByRole("button", { name: "Save" }).click();
    await p.locator(".toast--success").first().waitFor();

    await p.goto("/gift-aid/settings");
    const lastName = p.getByTestId("gift-aid-settings").getByLabel("Last name");
    await lastName.waitFor();
    assert.equal(await lastName.inputValue(), "Treasurer");
    assert.equal(
      await p
        .getByTestId("gift-aid-settings")
        .getByLabel("Postcode")
        .inputValue(),
      "LS1 1AB",
    );
    assert.equal(
      await p
        .getByTestId("gift-aid-settings")
        .getByLabel("Registration number")
        .inputValue(),
      "1098765",
    );
  });
});
