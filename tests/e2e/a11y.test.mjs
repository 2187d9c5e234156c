/**
 * Accessibility (issue 14 §4): axe-core finds no serious or critical violation on any screen
 * (guest, owner, admin; owner screens in dark mode too; a few in Spanish) nor in the open states
 * (notifications menu, confirm dialog, side panel, a form showing its errors), and the app works
 * by keyboard with a visible focus ring.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, test } from "node:test";
import {
  BASE_URL,
  DEMO_PASSWORD,
  OWNER_EMAIL,
  pagesForThisFile,
} from "./helpers.mjs";
import {
  adminScreens,
  GUEST_SCREENS,
  openScreen,
  ownerScreens,
} from "./screens.mjs";

const require = createRequire(import.meta.url);
// The app's Content-Security-Policy (script-src 'self') blocks an injected <script> tag, so the
// axe source is evaluated through the DevTools protocol, which CSP does not govern.
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

const openPage = pagesForThisFile();

/**
 * The serious and critical axe violations on the page as it is now, one line per rule with the
 * selectors of (up to six of) the offending elements. `rules` limits the run to those rule ids.
 */
async function axeViolations(page, rules) {
  if (!(await page.evaluate(() => "axe" in window))) {
    await page.evaluate(AXE_SOURCE);
  }
  return page.evaluate(async (only) => {
    const options = { resultTypes: ["violations"] };
    if (only) options.runOnly = { type: "rule", values: only };
    const result = await window.axe.run(document, options);
    return result.violations
      .filter(
        (violation) =>
          violation.impact === "serious" || violation.impact === "critical",
      )
      .map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.help} at ` +
          violation.nodes
            .slice(0, 6)
            .map((node) => node.target.join(" "))
            .join(" | "),
      );
  }, rules ?? null);
}

/** Opens each screen, runs axe there, and collects "screen: rule at targets" for every failure. */
async function sweep(page, screens, label, rules) {
  const failures = [];
  for (const path of screens) {
    await openScreen(page, path);
    for (const line of await axeViolations(page, rules)) {
      failures.push(`[${label}] ${path}: ${line}`);
    }
  }
  return failures;
}

function assertClean(failures) {
  assert.equal(failures.length, 0, `axe violations:\n${failures.join("\n")}`);
}

/** Dark mode changes colours only (CSS custom properties), so its pass runs the colour rules. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

async function useSpanish(page) {
  await page
    .context()
    .addCookies([{ name: "locale", value: "es", url: BASE_URL }]);
}

async function useDark(page) {
  await page
    .context()
    .addInitScript(() => window.localStorage.setItem("dark", "true"));
}

/** The element that has the focus: tag, accessible-ish name, and whether its ring is visible. */
function focused(page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const ring =
      (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) ||
      (style.boxShadow !== "none" && style.boxShadow !== "");
    return {
      tag: element.tagName.toLowerCase(),
      name: (
        element.getAttribute("aria-label") ||
        element.textContent ||
        ""
      ).trim(),
      id: element.id,
      inMain: !!element.closest("main"),
      ring,
    };
  });
}

// Its sweeps are independent (each test its own contexts, the demo data only read): two at a time.
describe(`Accessibility at ${BASE_URL}`, { concurrency: 2 }, () => {
  test("axe: no serious or critical violation on any signed-out screen, in English and Spanish", async () => {
    const page = await openPage();
    const failures = await sweep(page, GUEST_SCREENS, "guest");
    const spanish = await openPage();
    await useSpanish(spanish);
    failures.push(
      ...(await sweep(spanish, ["/login", "/register"], "guest es")),
    );
    assertClean(failures);
  });

  test("axe: no serious or critical violation on any owner screen, light and dark", async () => {
    // The light and the dark sweeps run side by side, each in its own signed-in page.
    const light = async () => {
      const page = await openPage();
      const { screens, missing } = await ownerScreens(page);
      assert.ok(
        screens.length >= 30,
        `owner screens found: ${screens.length}, missing ${missing}`,
      );
      return sweep(page, screens, "owner light");
    };
    const darkSweep = async () => {
      const dark = await openPage();
      await useDark(dark);
      const { screens: darkScreens } = await ownerScreens(dark);
      assert.equal(
        await dark.evaluate(() =>
          document.documentElement.classList.contains("dark"),
        ),
        true,
        "dark mode is on",
      );
      return sweep(dark, darkScreens, "owner dark", COLOUR_RULES);
    };
    const [lightFailures, darkFailures] = await Promise.all([
      light(),
      darkSweep(),
    ]);
    assertClean([...lightFailures, ...darkFailures]);
  });

  test("axe: no serious or critical violation in open states: notifications, confirm dialog, side panel, form errors", async () => {
    const page = await openPage();
    await ownerScreens(page);
    const failures = [];
    const check = async (label) => {
      for (const line of await axeViolations(page))
        failures.push(`[${label}]: ${line}`);
    };

    await openScreen(page, "/");
    await page.getByRole("button", { name: /^Notifications/ }).click();
    await page.getByRole("region", { name: "Notifications" }).waitFor();
    await check("notifications menu");

    await openScreen(page, "/donation-types");
    await page.getByRole("button", { name: "Delete" }).first().click();
    const confirm = page.getByRole("alertdialog");
    await confirm.waitFor();
    await check("confirm dialog");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });

    await openScreen(page, "/slideout");
    await page.getByRole("button", { name: "Open panel" }).click();
    await page.getByRole("dialog", { name: "Example panel" }).waitFor();
    await check("side panel");

    await openScreen(page, "/donors/create");
    await page
      .getByTestId("donor-form")
      .getByRole("button", { name: "Add donor" })
      .click();
    await page.locator(".field-error").first().waitFor();
    await check("donor form with errors");
    assertClean(failures);
  });

  test("axe: no serious or critical violation on owner screens in Spanish", async () => {
    const page = await openPage();
    const { screens } = await ownerScreens(page);
    await useSpanish(page);
    const some = [
      "/",
      "/donations",
      "/donors",
      "/donors/create",
      "/gift-aid/un-claimed",
    ];
    assert.ok(some.every((path) => screens.includes(path)));
    const failures = await sweep(page, some, "owner es");
    assert.equal(
      await page.evaluate(() => document.documentElement.lang),
      "es",
    );
    assertClean(failures);
  });

  test("axe: no serious or critical violation on any platform admin screen", async () => {
    const page = await openPage();
    const { screens, missing } = await adminScreens(page);
    assert.deepEqual(missing, []);
    assertClean(await sweep(page, screens, "admin"));
  });
});

/** Presses Tab (or Shift+Tab) until the focused element matches, at most `max` times. */
async function tabTo(page, matches, { max = 80, back = false } = {}) {
  const visited = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const now = await focused(page);
    if (now && matches(now)) return now;
    visited.push(now ? `${now.tag} "${now.name.slice(0, 30)}"` : "(nothing)");
  }
  // The path the focus took says why (a trap, an element missing, a focus lost to the browser).
  throw new Error(
    `Tab did not reach the element within ${max} presses; the focus went: ${visited.join(" > ")}`,
  );
}

function assertRing(element, what) {
  assert.ok(
    element.ring,
    `${what} (${element.tag} "${element.name}") shows no focus outline`,
  );
}

describe(`Keyboard and focus at ${BASE_URL}`, () => {
  test("the sign-in form is reached, filled and submitted by keyboard only", async () => {
    const page = await openPage();
    await page.goto("/login");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    const email = await tabTo(
      page,
      (element) => element.id && element.tag === "input",
    );
    assertRing(email, "the email input");
    await page.keyboard.type(OWNER_EMAIL);
    const password = await tabTo(page, (element) => element.tag === "input", {
      max: 3,
    });
    assertRing(password, "the password input");
    await page.keyboard.type(DEMO_PASSWORD);
    const submit = await tabTo(page, (element) => element.name === "Sign in", {
      max: 6,
    });
    assertRing(submit, "the sign-in button");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
  });

  test("Tab first reaches Skip to content, which moves the focus to the page's main content", async () => {
    const page = await openPage();
    await ownerScreens(page);
    await openScreen(page, "/donors");
    await page.locator("body").focus();
    await page.keyboard.press("Tab");
    const skip = await focused(page);
    assert.equal(skip?.tag, "a");
    assert.equal(skip?.name, "Skip to content");
    assertRing(skip, "the skip link");
    assert.ok(
      await page.getByRole("link", { name: "Skip to content" }).isVisible(),
    );
    await page.keyboard.press("Enter");
    assert.equal(
      await page.evaluate(() => document.activeElement?.tagName),
      "MAIN",
    );
    // The next Tab goes on from the page content, not from the sidebar.
    await page.keyboard.press("Tab");
    assert.equal((await focused(page))?.inMain, true);
  });

  test("signed out, /login also starts with Skip to content, which moves the focus into the sign-in card", async () => {
    const page = await openPage();
    await page.goto("/login");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    assert.equal(await page.getByRole("link", { name: "Skip to content" }).count(), 1);
    await page.locator("body").focus();
    await page.keyboard.press("Tab");
    const skip = await focused(page);
    assert.equal(skip?.tag, "a");
    assert.equal(skip?.name, "Skip to content");
    assertRing(skip, "the skip link");
    assert.ok(
      await page.getByRole("link", { name: "Skip to content" }).isVisible(),
    );
    await page.keyboard.press("Enter");
    assert.deepEqual(
      await page.evaluate(() => [
        document.activeElement?.tagName,
        document.activeElement?.id,
      ]),
      ["MAIN", "main-content"],
    );
    // The next Tab goes on inside the sign-in card: its Email field comes first.
    await page.keyboard.press("Tab");
    const next = await focused(page);
    assert.equal(next?.inMain, true);
    assert.equal(next?.tag, "input");
  });

  test("the sidebar navigation works by keyboard, with a visible focus ring on its links", async () => {
    const page = await openPage();
    await ownerScreens(page);
    await openScreen(page, "/");
    await page.locator("body").focus();
    // Donors sits in the collapsed Donations group: open the group with Enter, then Tab on.
    const group = await tabTo(
      page,
      (element) =>
        element.tag === "button" && element.name.startsWith("Donations"),
    );
    assertRing(group, "the sidebar group button");
    const groupButton = page
      .getByRole("navigation")
      .getByRole("button", { name: /^Donations/ });
    assert.equal(await groupButton.getAttribute("aria-expanded"), "false");
    await page.keyboard.press("Enter");
    assert.equal(await groupButton.getAttribute("aria-expanded"), "true");
    const link = await tabTo(
      page,
      (element) =>
        element.tag === "a" && element.name === "Donors" && !element.inMain,
      { max: 5 },
    );
    assertRing(link, "the sidebar link");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Donors" }).waitFor();
    assert.equal(new URL(page.url()).pathname, "/donors");
  });

  test("the notifications menu opens with Enter and closes with Escape, focus back on the bell", async () => {
    const page = await openPage();
    await ownerScreens(page);
    await openScreen(page, "/");
    await page.locator("body").focus();
    const bell = await tabTo(page, (element) =>
      element.name.startsWith("Notifications"),
    );
    assertRing(bell, "the bell");
    const menu = page.getByRole("region", { name: "Notifications" });
    await page.keyboard.press("Enter");
    await menu.waitFor();
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    const after = await focused(page);
    assert.ok(
      after?.name.startsWith("Notifications"),
      `focus is on ${JSON.stringify(after)}`,
    );
  });

  test("a confirm dialog keeps Tab inside, closes with Escape and gives the focus back", async () => {
    const page = await openPage();
    await ownerScreens(page);
    await openScreen(page, "/donation-types");
    // As a keyboard user starts on a screen: Skip to content (first in the tab order) moves the
    // focus to the page itself, and Tab goes on from there. (<body> cannot take the focus, so
    // focusing it left Tab to go on from wherever the sign-in had left it: once, on a loaded CI
    // machine, 80 presses never reached Delete.)
    await page.getByRole("link", { name: "Skip to content" }).focus();
    await page.keyboard.press("Enter");
    const opener = await tabTo(
      page,
      (element) => element.tag === "button" && element.name === "Delete",
    );
    assertRing(opener, "the table's Delete button");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog");
    await dialog.waitFor();
    const insideDialog = () =>
      page.evaluate(
        () => !!document.activeElement?.closest('[role="alertdialog"]'),
      );
    assert.equal(
      await insideDialog(),
      true,
      "the dialog takes the focus when it opens",
    );
    for (const key of [
      "Tab",
      "Tab",
      "Tab",
      "Shift+Tab",
      "Shift+Tab",
      "Shift+Tab",
      "Shift+Tab",
    ]) {
      await page.keyboard.press(key);
      assert.equal(
        await insideDialog(),
        true,
        `focus left the dialog after ${key}`,
      );
      assertRing(await focused(page), "the dialog's button");
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    const after = await focused(page);
    assert.equal(after?.name, "Delete", `focus is on ${JSON.stringify(after)}`);
  });
});
