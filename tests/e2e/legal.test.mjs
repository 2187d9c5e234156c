import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { launchBrowser, newPage } from "./helpers.mjs";

let browser;
const contexts = [];

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

const PAGES = [
  {
    link: "Terms",
    path: "/terms",
    heading: "Terms of Service",
    fact: /governed by the law of England and Wales/,
  },
  {
    link: "Privacy",
    path: "/privacy",
    heading: "Privacy notice",
    fact: /Information Commissioner's Office \(ICO\)/,
  },
  {
    link: "Cookies",
    path: "/cookies",
    heading: "Cookies",
    fact: /almoner_session/,
  },
];

describe("legal pages from the sign-in card (signed out)", () => {
  for (const { link, path, heading, fact } of PAGES) {
    test(`${link} opens the real ${heading} page and leads back to sign in`, async () => {
      const opened = await newPage(browser);
      contexts.push(opened.context);
      const page = opened.page;
      await page.goto("/login");
      await page
        .getByRole("contentinfo")
        .getByRole("link", { name: link, exact: true })
        .click();
      await page.waitForURL((url) => url.pathname === path);
      await page
        .getByRole("heading", { level: 1, name: heading, exact: true })
        .waitFor();
      await page.getByText(fact).first().waitFor();
      assert.equal(await page.getByText("This area is coming soon").count(), 0);
      await page.getByRole("link", { name: "Back to sign in" }).click();
      await page.waitForURL((url) => url.pathname === "/login");
      await page.getByRole("button", { name: "Sign in" }).waitFor();
    });
  }
});
