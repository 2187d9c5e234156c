import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  BASE_URL,
  pagesForThisFile,
  registerCharity,
} from "./helpers.mjs";

const page = pagesForThisFile();

async function createDonor(p, { first, last }) {
  await p.goto("/donors/create");
  const form = p.getByTestId("donor-form");
  await form.getByLabel("First name").fill(first);
  await form.getByLabel("Last name").fill(last);
  await form.getByLabel("House name or number").fill("3");
  await form.getByLabel("Address line 1").fill("Mill Lane");
  await form.getByLabel("Town").fill("Leeds");
  await form.getByLabel("Postcode").fill("LS1 4AP");
  await form.getByRole("button", { name: "Add donor" }).click();
  await p
    .getByRole("heading", { level: 1, name: `${first} ${last}` })
    .waitFor();
}

const intersects = (a, b) =>
  a.x < b.x + b.width &&
  b.x < a.x + a.width &&
  a.y < b.y + b.height &&
  b.y < a.y + a.height;

describe(`The look (design system, gallery, layout defects) at ${BASE_URL}`, () => {
  test("the sidebar reaches the bottom of the window on a long page after scrolling", async () => {
    const p = await page();
    await registerCharity(p, { name: "Look And Feel Trust", owner: "Lee Looker", emailPrefix: "e2e-look" });
    await p.goto("/forms");
    await p.getByRole("heading", { level: 1, name: "Forms" }).waitFor();
    const sizes = await p.evaluate(() => ({
      scroll: document.documentElement.scrollHeight,
      viewport: window.innerHeight,
    }));
    assert.ok(
      sizes.scroll > sizes.viewport + 200,
      `the page must be long for this check: ${JSON.stringify(sizes)}`,
    );
    await p.evaluate(() =>
      window.scrollTo(0, document.documentElement.scrollHeight),
    );
    await p.waitForFunction(() => window.scrollY > 0);
    const box = await p.locator(".sidebar").boundingBox();
    const viewport = await p.evaluate(() => window.innerHeight);
    assert.ok(
      box && box.y <= 0 && box.y + box.height >= viewport - 1,
      `sidebar ${JSON.stringify(box)} does not span the ${viewport}px window`,
    );
  });

  test("dashboard chart text renders at 12 px or more and the chart cards fill their grid cells", async () => {
    const p = await page();
    await registerCharity(p, { name: "Look And Feel Trust", owner: "Lee Looker", emailPrefix: "e2e-look" });
    const chart = p.getByTestId("chart").first();
    await chart.waitFor();
    const sizes = await p.evaluate(() =>
      [...document.querySelectorAll('[data-testid="chart"]')].flatMap(
        (figure) =>
          [...figure.querySelectorAll("text, .chart__label")]
            .filter((el) => el.getClientRects().length > 0)
            .map((el) => {
              const svg = el.closest("svg");
              const scale = svg
                ? svg.getBoundingClientRect().width /
                  (svg.viewBox.baseVal?.width ||
                    svg.getBoundingClientRect().width)
                : 1;
              return {
                text: el.textContent,
                px: parseFloat(getComputedStyle(el).fontSize) * scale,
              };
            }),
      ),
    );
    assert.ok(
      sizes.length >= 12,
      `expected month labels: ${JSON.stringify(sizes)}`,
    );
    const small = sizes.filter((size) => size.px < 12);
    assert.deepEqual(small, [], "chart text below 12 px");
    const layout = await p.evaluate(() => {
      const grid = document
        .querySelector(".chart-grid")
        .getBoundingClientRect();
      const first = document
        .querySelector('[data-testid="chart"]')
        .getBoundingClientRect();
      return { gridLeft: grid.left, cardLeft: first.left };
    });
    assert.ok(
      Math.abs(layout.gridLeft - layout.cardLeft) < 1,
      `chart card is inset from its grid cell: ${JSON.stringify(layout)}`,
    );
  });

  test("a toast does not cover the page header's action buttons", async () => {
    const p = await page();
    await registerCharity(p, { name: "Look And Feel Trust", owner: "Lee Looker", emailPrefix: "e2e-look" });
    await p.goto("/buttons");
    const action = p
      .locator(".page-header")
      .getByRole("button", { name: "Show a toast" });
    await action.click();
    const toast = p.locator(".toast--success").filter({ hasText: "Saved" });
    await toast.waitFor();
    const toastBox = await toast.boundingBox();
    const buttons = await p
      .locator(".page-header button, .page-header a")
      .all();
    assert.ok(buttons.length > 0);
    for (const button of buttons) {
      const box = await button.boundingBox();
      assert.ok(
        !intersects(toastBox, box),
        `toast ${JSON.stringify(toastBox)} covers a header button ${JSON.stringify(box)}`,
      );
    }
    // and the header action still takes a click while the toast shows
    await action.click({ trial: true });
  });

  test("table links are not underlined until hovered, and every row's actions cell lines up", async () => {
    const p = await page();
    await registerCharity(p, { name: "Look And Feel Trust", owner: "Lee Looker", emailPrefix: "e2e-look" });
    await createDonor(p, { first: "Tabitha", last: "Linkwell" });
    await p.goto("/donors");
    const link = p.locator("td a").filter({ hasText: "Linkwell" }).first();
    await link.waitFor();
    const before = await link.evaluate(
      (el) => getComputedStyle(el).textDecorationLine,
    );
    assert.equal(before, "none");
    await link.hover();
    await p.waitForFunction(
      (el) => getComputedStyle(el).textDecorationLine === "underline",
      await link.elementHandle(),
    );
    const rows = await p.evaluate(() =>
      [...document.querySelectorAll("tbody tr")]
        .filter((row) => row.querySelector("td.row-actions"))
        .map((row) => {
          const cell = row
            .querySelector("td.row-actions")
            .getBoundingClientRect();
          const tr = row.getBoundingClientRect();
          return { top: cell.top - tr.top, bottom: tr.bottom - cell.bottom };
        }),
    );
    assert.ok(rows.length > 0);
    for (const row of rows) {
      assert.ok(
        Math.abs(row.top) < 1 && Math.abs(row.bottom) < 1,
        `actions cell does not fill its row: ${JSON.stringify(row)}`,
      );
    }
  });

  for (const [path, check] of [
    [
      "/buttons",
      async (p) => {
        for (const name of ["Principal", "Secundario", "Peligro", "Enlace"])
          assert.equal(
            await p.getByRole("button", { name, exact: true }).count(),
            2,
          );
      },
    ],
    [
      "/forms",
      async (p) => {
        await p.getByLabel("Nombre completo").waitFor();
        await p.getByText("Introduce un correo electrónico válido.").waitFor();
      },
    ],
    [
      "/cards",
      async (p) => {
        await p
          .getByRole("heading", { name: "Tarjeta con acciones" })
          .waitFor();
        await p.getByText("Aún no hay donaciones").waitFor();
      },
    ],
    [
      "/slideout",
      async (p) => {
        await p.getByRole("button", { name: "Abrir panel" }).click();
        await p.getByRole("dialog", { name: "Panel de ejemplo" }).waitFor();
      },
    ],
    [
      "/tabs",
      async (p) => {
        await p.getByRole("tab", { name: "Historial" }).click();
        await p
          .getByRole("tabpanel", { name: "Historial" })
          .getByText("Aún no hay nada")
          .waitFor();
      },
    ],
  ]) {
    test(`${path} shows its components in dark mode and in Spanish`, async () => {
      const p = await page();
      await registerCharity(p, { name: "Look And Feel Trust", owner: "Lee Looker", emailPrefix: "e2e-look" });
      await p.getByRole("button", { name: "Dark mode" }).click();
      await p.getByLabel("Language").selectOption("es");
      await p.goto(path);
      await p.locator(".page-header h1").waitFor();
      await check(p);
      const look = await p.evaluate(() => ({
        dark: document.documentElement.classList.contains("dark"),
        lang: document.documentElement.lang,
        background: getComputedStyle(document.body).backgroundColor,
      }));
      assert.equal(look.dark, true);
      assert.equal(look.background, "rgb(15, 20, 32)");
      assert.match(look.lang, /^es/);
    });
  }
});
