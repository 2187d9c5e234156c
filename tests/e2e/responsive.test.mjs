/**
 * Issue 14 §3: every screen works on a phone (390 px) and a tablet (768 px). For each width and
 * each screen (signed out, demo owner, platform admin): no horizontal page scroll (tables scroll
 * inside their card), the level-1 heading is on screen and the main navigation can be reached.
 * Plus the three places the issue names: the header search, the notifications dropdown and Quick
 * donations. One browser; one context per width and role, signed in once.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { BASE_URL, pagesForThisFile } from "./helpers.mjs";
import { pageOverflow } from "./overflow.mjs";
import {
  adminScreens,
  GUEST_SCREENS,
  openScreen,
  ownerScreens,
} from "./screens.mjs";

const openPage = pagesForThisFile();

const WIDTHS = [
  { name: "phone", width: 390, height: 844 },
  { name: "tablet", width: 768, height: 1024 },
];

async function pageAt(size) {
  const page = await openPage();
  await page.setViewportSize({ width: size.width, height: size.height });
  return page;
}

/** What is wrong with the open screen at this width, or an empty list. */
async function screenProblems(page, path, { signedIn }) {
  const problems = [];
  const overflow = await pageOverflow(page);
  if (overflow) {
    problems.push(
      `${path}: page is ${overflow.width} px wide in a ${overflow.viewport} px window; widest: ${overflow.culprit}`,
    );
  }
  const heading = page.getByRole("heading", { level: 1 }).first();
  const box = await heading.boundingBox();
  const viewport = page.viewportSize();
  if (
    !(await heading.isVisible()) ||
    !box ||
    box.x < 0 ||
    box.x + box.width > viewport.width + 0.5
  ) {
    problems.push(
      `${path}: the level-1 heading is not fully on screen (${JSON.stringify(box)})`,
    );
  }
  if (signedIn) {
    const menu = page.getByRole("button", { name: "Toggle menu" });
    const menuBox = (await menu.isVisible()) ? await menu.boundingBox() : null;
    if (
      !menuBox ||
      menuBox.x < 0 ||
      menuBox.x + menuBox.width > viewport.width
    ) {
      problems.push(
        `${path}: the menu button is not on screen (${JSON.stringify(menuBox)})`,
      );
    }
  }
  return problems;
}

async function sweep(page, paths, options) {
  const problems = [];
  for (const path of paths) {
    await openScreen(page, path);
    problems.push(...(await screenProblems(page, path, options)));
  }
  return problems;
}

/** The sidebar's box when it is shown on screen, else null. */
async function sidebarOnScreen(page) {
  const sidebar = page.getByRole("navigation", { name: "Main menu" });
  if (!(await sidebar.isVisible())) return null;
  const box = await sidebar.boundingBox();
  return box && box.x >= 0 && box.width > 0 ? box : null;
}

// The phone and the tablet sweeps (and the phone's named places) run side by side: each has its
// own contexts and only reads the demo data. Inside each width the tests run one after another
// (a suite's concurrency is inherited: each width says 1).
describe(`Phone and tablet widths at ${BASE_URL}`, { concurrency: true }, () => {
  for (const size of WIDTHS) {
    describe(`${size.name} (${size.width} px)`, { concurrency: 1 }, () => {
      test(`every signed-out screen fits a ${size.width} px window`, async () => {
        const page = await pageAt(size);
        const problems = await sweep(page, GUEST_SCREENS, { signedIn: false });
        assert.deepEqual(problems, []);
      });

      test(`every screen of the charity owner fits a ${size.width} px window`, async (t) => {
        const page = await pageAt(size);
        const { screens, missing } = await ownerScreens(page);
        if (missing.length)
          t.diagnostic(`no id in the demo data yet for: ${missing.join(", ")}`);
        const problems = await sweep(page, screens, { signedIn: true });
        assert.deepEqual(problems, []);

        // The main menu is a drawer: closed at first, opened by the menu button over the page,
        // closed by Escape (focus back on the button) and by following one of its links.
        await openScreen(page, "/");
        assert.equal(
          await sidebarOnScreen(page),
          null,
          "the sidebar starts closed",
        );
        const toggle = page.getByRole("button", { name: "Toggle menu" });
        assert.equal(await toggle.getAttribute("aria-expanded"), "false");
        await toggle.click();
        await page.waitForFunction(() => {
          const nav = document.querySelector('[data-testid="sidebar"]');
          return nav && nav.getBoundingClientRect().left >= 0;
        });
        assert.equal(await toggle.getAttribute("aria-expanded"), "true");
        const open = await sidebarOnScreen(page);
        assert.ok(
          open && open.x + open.width <= size.width,
          `drawer inside the window: ${JSON.stringify(open)}`,
        );
        assert.equal(
          await pageOverflow(page),
          null,
          "the open drawer adds no sideways scroll",
        );
        await page.keyboard.press("Escape");
        await page.getByTestId("sidebar").waitFor({ state: "hidden" });
        assert.equal(await toggle.getAttribute("aria-expanded"), "false");
        assert.ok(
          await toggle.evaluate((button) => button === document.activeElement),
          "focus returns to the menu button",
        );

        await toggle.click();
        const menu = page.getByRole("navigation", { name: "Main menu" });
        await menu.getByRole("button", { name: "Donations" }).click();
        await menu.getByRole("link", { name: "Donors" }).click();
        await page.getByRole("heading", { level: 1, name: "Donors" }).waitFor();
        await page.getByTestId("sidebar").waitFor({ state: "hidden" });
      });

      test(`every screen of the platform admin fits a ${size.width} px window`, async (t) => {
        const page = await pageAt(size);
        const { screens, missing } = await adminScreens(page);
        if (missing.length)
          t.diagnostic(`no id in the demo data yet for: ${missing.join(", ")}`);
        const problems = await sweep(page, screens, { signedIn: true });
        assert.deepEqual(problems, []);
      });
    });
  }

  describe("phone (390 px): the places the issue names", { concurrency: 1 }, () => {
    test("header search, notifications and Quick donations fit the phone", async () => {
      const page = await pageAt(WIDTHS[0]);
      await ownerScreens(page);

      const search = page.getByRole("searchbox", { name: "Search" });
      await search.click();
      await search.fill("a");
      const searchBox = await search.boundingBox();
      assert.ok(
        searchBox.width >= 200,
        `search input is ${searchBox.width} px wide`,
      );
      assert.ok(
        searchBox.x >= 0 && searchBox.x + searchBox.width <= 390,
        `search input inside the window: ${JSON.stringify(searchBox)}`,
      );
      const results = page.getByRole("listbox", { name: "Search results" });
      const resultsBox = await results.boundingBox();
      assert.ok(
        resultsBox.x >= 0 && resultsBox.x + resultsBox.width <= 390,
        `search results inside the window: ${JSON.stringify(resultsBox)}`,
      );
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: /^Notifications/ }).click();
      const panel = page.getByRole("region", { name: "Notifications" });
      await panel.waitFor();
      const panelBox = await panel.boundingBox();
      assert.ok(
        panelBox.x >= 0 &&
          panelBox.x + panelBox.width <= 390 &&
          panelBox.y >= 0 &&
          panelBox.y + panelBox.height <= 844,
        `notifications dropdown inside the 390×844 window: ${JSON.stringify(panelBox)}`,
      );

      await openScreen(page, "/donations/quick-donations");
      assert.equal(
        await pageOverflow(page),
        null,
        "Quick donations does not scroll sideways",
      );
      const grid = page.getByTestId("quick-grid");
      const gridScroller = await grid.evaluate((table) => {
        const box = table.parentElement.getBoundingClientRect();
        return {
          right: box.right,
          scrolls: getComputedStyle(table.parentElement).overflowX,
        };
      });
      assert.ok(
        gridScroller.right <= 390 && gridScroller.scrolls === "auto",
        `the grid scrolls inside its card: ${JSON.stringify(gridScroller)}`,
      );
    });
  });
});
