// Speed a user feels (issue 14 §5): time to content in Chromium against a running local stack.
//
//   .venv/bin/python -m chalicelocal.with_stack bash -c 'node bench/ux.mjs'   (or `make bench-ux`)
//
// Seeds its own charity through the API (140 donors, each with a declaration and a donation), then
// measures, RUNS times each (median and every run):
//   sign-in        submit on /login -> the dashboard's tiles and first chart visible
//   donations      first visit of Donations (menu click) -> the charity's rows visible
//   new-claim      New Claim (menu click) with 140 claimable donations -> rows visible
//   claim-140      "Create claim" (all 140) -> the claim page says Sealed (built, sealed, files)
// Each figure is the page's own clock from the click event to the first animation frame with the
// content on screen. Exits 1 if a median exceeds its budget (screens 1000 ms, the claim 3000 ms).
import { randomUUID } from "node:crypto";
import { BASE_URL, launchBrowser, newPage } from "../tests/e2e/helpers.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LINES = 140;
const BUDGETS = {
  "sign-in": 1000,
  donations: 1000,
  "new-claim": 1000,
  "claim-140": 3000,
};
const PASSWORD = "bench-ux-password-1";
const TAG = `Bench${randomUUID().slice(0, 6)}`;

async function api(context, method, path, body) {
  const cookies = await context.cookies(BASE_URL);
  const xsrf = cookies.find((cookie) => cookie.name === "XSRF-TOKEN")?.value;
  const response = await context.request.fetch(`${BASE_URL}${path}`, {
    method,
    headers: {
      Accept: "application/json",
      ...(xsrf ? { "X-XSRF-TOKEN": decodeURIComponent(xsrf) } : {}),
    },
    ...(body === undefined ? {} : { data: body }),
  });
  const text = await response.text();
  if (!response.ok())
    throw new Error(
      `${method} ${path}: ${response.status()} ${text.slice(0, 500)}`,
    );
  return text ? JSON.parse(text) : null;
}

/** Runs `work` over `items`, `width` at a time. */
async function inParallel(items, width, work) {
  const queue = [...items];
  const results = [];
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (queue.length > 0) {
        const item = queue.shift();
        results.push(await work(item));
      }
    }),
  );
  return results;
}

async function waitForJob(context, jobId) {
  for (let i = 0; i < 600; i += 1) {
    const job = await api(context, "GET", `/api/jobs/${jobId}`);
    if (job.status === "done") return job;
    if (job.status === "failed")
      throw new Error(`job ${jobId} failed: ${job.error}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`job ${jobId} did not finish`);
}

async function claimableCount(context) {
  const body = await api(context, "GET", "/api/gift-aid/claimable?length=20");
  return body.totals.count;
}

/** A charity of the bench's own with LINES claimable donations. */
async function seed(browser) {
  const { context } = await newPage(browser);
  const email = `bench-ux-${randomUUID()}@example.org`;
  await api(context, "POST", "/api/register", {
    charity_name: `${TAG} Trust`,
    name: "Bench Owner",
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  await api(context, "PUT", "/api/gift-aid/settings", {
    hmrc_reference: "AB12345",
    official: {
      first_name: "Grace",
      last_name: "Hopper",
      postcode: "BA1 1AA",
      phone: "01225 000000",
    },
  });
  const today = new Date().toISOString().slice(0, 10);
  const donors = await inParallel(
    [...Array(LINES).keys()],
    4,
    async (index) => {
      const donor = await api(context, "POST", "/api/donors", {
        first_name: "Ada",
        last_name: `${TAG}${String(index).padStart(3, "0")}`,
        house: String(index + 1),
        address_line1: "High Street",
        town: "Bath",
        postcode: "BA1 1AA",
      });
      await api(context, "POST", `/api/donors/${donor.id}/declarations`, {
        method: "written",
        scope: ["future", "past_4_years"],
        date_given: today,
        statement_version: "2026-01 paper form",
      });
      return donor.id;
    },
  );
  await api(context, "POST", "/api/donations/quick", {
    rows: donors.map((donorId, index) => ({
      donor_id: donorId,
      amount: `${10 + (index % 50)}.00`,
      date: today,
      payment_method: "cheque",
    })),
  });
  const count = await claimableCount(context);
  if (count !== LINES)
    throw new Error(`seeded ${count} claimable donations, not ${LINES}`);
  return { email, context };
}

/**
 * Times what the user waits for, in the page's own clock: from the click on `target` (the click
 * event, not the test driver's checks before it) until `test(arg)` holds, checked on every
 * animation frame (a locator's waitFor checks again with back-off, up to 500 ms apart, and that
 * delay would be counted as the user's wait).
 */
async function timeClick(page, target, test, arg) {
  await page.evaluate(() => {
    window.__benchClickAt = undefined;
    document.addEventListener(
      "click",
      () => {
        window.__benchClickAt = performance.now();
      },
      { capture: true, once: true },
    );
  });
  await target.click();
  const seenAt = await page.waitForFunction(test, arg, { polling: "raf" });
  const clickAt = await page.evaluate(() => window.__benchClickAt);
  return (await seenAt.jsonValue()) - clickAt;
}

/**
 * The page's clock once every `[selector, text]` pair has a visible element (containing `text`,
 * when given); false before. Runs in the page.
 */
function shown(wanted) {
  const there = wanted.every(([selector, text]) =>
    [...document.querySelectorAll(selector)].some(
      (element) =>
        element.checkVisibility() &&
        (text === undefined || element.textContent.includes(text)),
    ),
  );
  return there && performance.now();
}

async function signedInPage(browser, email) {
  const { context, page } = await newPage(browser);
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  const ms = await timeClick(
    page,
    page.getByRole("button", { name: "Sign in" }),
    shown,
    [['[data-testid="tile-gift_aid"]'], ['[data-testid="chart"]']],
  );
  return { context, page, ms };
}

async function timeMenu(page, group, name, table, text) {
  const menu = page.getByRole("navigation", { name: "Main menu" });
  const link = menu.getByRole("link", { name, exact: true });
  if ((await link.count()) === 0)
    await menu.getByRole("button", { name: group }).click();
  return timeClick(page, link, shown, [[`[data-testid="${table}"] tr`, text]]);
}

async function timeClaim(page, owner) {
  await page.getByText(`Create claim with all`).click();
  const dialog = page.getByRole("alertdialog");
  await dialog.getByText(`all ${LINES} claimable donations`).waitFor();
  const ms = await timeClick(
    page,
    dialog.getByRole("button", { name: "Create claim" }),
    shown,
    [['[data-testid="claim-state"]', "Sealed"]],
  );
  // Put the donations back for the next run (untimed).
  const claimId = new URL(page.url()).pathname.split("/").pop();
  const claim = await api(
    owner,
    "GET",
    `/api/gift-aid/claims/${claimId}?length=20`,
  );
  if (
    claim.counts.donations !== LINES ||
    claim.state !== "sealed" ||
    !claim.files_ready
  ) {
    throw new Error(
      `claim ${claimId}: ${claim.state}, ${claim.counts.donations} donations`,
    );
  }
  const cancelled = await api(
    owner,
    "POST",
    `/api/gift-aid/claims/${claimId}/cancel`,
  );
  await waitForJob(owner, cancelled.job_id);
  for (let i = 0; i < 100 && (await claimableCount(owner)) !== LINES; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return ms;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main() {
  const browser = await launchBrowser();
  const figures = {
    "sign-in": [],
    donations: [],
    "new-claim": [],
    "claim-140": [],
  };
  try {
    const { email, context: owner } = await seed(browser);
    console.log(
      `bench-ux: ${BASE_URL}, charity ${TAG} with ${LINES} claimable donations, ${RUNS} runs`,
    );
    for (let run = 0; run < RUNS; run += 1) {
      // A fresh browser context per run: no cookies, no cached data, nothing prefetched.
      const { context, page, ms } = await signedInPage(browser, email);
      figures["sign-in"].push(ms);
      figures.donations.push(
        await timeMenu(page, "Donations", "Donations", "table-donations", TAG),
      );
      figures["new-claim"].push(
        await timeMenu(
          page,
          "Gift Aid",
          "New Claim",
          "table-gift_aid_claimable",
          TAG,
        ),
      );
      figures["claim-140"].push(await timeClaim(page, owner));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const over = [];
  for (const [name, runs] of Object.entries(figures)) {
    const value = median(runs);
    const budget = BUDGETS[name];
    const verdict = value <= budget ? "ok" : "OVER";
    if (value > budget) over.push(name);
    const each = runs.map((ms) => Math.round(ms)).join(", ");
    console.log(
      `${name}: ${Math.round(value)} ms (budget ${budget} ms, ${verdict}; runs: ${each})`,
    );
  }
  console.log(
    over.length ? `budget: fail (${over.join(", ")})` : "budget: pass",
  );
  return over.length ? 1 : 0;
}

main().then(
  (status) => process.exit(status),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
