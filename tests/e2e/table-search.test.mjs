import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { before, describe, test } from "node:test";
import {
  BASE_URL,
  pageApi,
  pagesForThisFile,
  registerCharity,
} from "./helpers.mjs";

/**
 * The search boxes of Donations, New Claim, Claimed, Past Claims and Import history: each says
 * what it searches, and typing in it narrows the list to the matching rows (on the server).
 * Everything lives in a charity of this file's own.
 */
const openPage = pagesForThisFile();
const tag = randomUUID().slice(0, 6);
let page;
let receipt;
let acceptedId;

/** A JSON call with the page's session and XSRF token (tests/e2e/helpers.mjs). */
async function api(method, path, body) {
  return pageApi(page, method, path, body);
}

async function declaredDonor(first, last) {
  const donor = await api("POST", "/api/donors", {
    first_name: first,
    last_name: last,
    house: "12",
    address_line1: "High Street",
    town: "Bath",
    postcode: "BA1 1AA",
  });
  const today = new Date().toISOString().slice(0, 10);
  await api("POST", `/api/donors/${donor.id}/declarations`, {
    method: "online",
    scope: ["future", "past_4_years"],
    date_given: today,
    statement_version: "e2e online form",
  });
  return donor.id;
}

async function donation(donorId, amount, extra = {}) {
  const today = new Date().toISOString().slice(0, 10);
  return api("POST", "/api/donations", {
    donor_id: donorId,
    amount,
    date: today,
    payment_method: "cheque",
    ...extra,
  });
}

/** Polls the claim (a ceiling, not a sleep) until `done(claim)`. */
async function claimUntil(claimId, done, what) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const claim = await api("GET", `/api/gift-aid/claims/${claimId}`);
    if (done(claim)) return claim;
    assert.ok(
      Date.now() < deadline,
      `claim ${claimId} never ${what}: ${claim.state}`,
    );
    await page.waitForTimeout(500);
  }
}

async function upload(filename) {
  await page.goto("/donations/import-data");
  await page.getByLabel("Choose a file").setInputFiles({
    name: filename,
    mimeType: "text/csv",
    buffer: Buffer.from("Name,Amount\r\nJane Smith,10.00\r\n"),
  });
  const uploadError = page.getByTestId("import-upload").getByRole("alert");
  await page
    .getByRole("heading", { name: "What we found in the file" })
    .or(uploadError)
    .waitFor();
  assert.equal(
    await uploadError.count(),
    0,
    `upload failed: ${await uploadError.allInnerTexts()}`,
  );
}

/** Types in the table's search box (found by what it says it searches) and waits until the
 * table shows exactly `expected` data rows, each holding `text` (shown, or in a link). */
async function searchNarrows(testId, placeholder, typed, text, expected = 1) {
  const table = page.getByTestId(testId);
  const box = table.getByPlaceholder(placeholder, { exact: true });
  await box.waitFor();
  await box.fill(typed);
  const rows = table.locator("tbody tr");
  await page.waitForFunction(
    ({ testId, text, expected }) => {
      const found = [
        ...document.querySelectorAll(`[data-testid="${testId}"] tbody tr`),
      ];
      return (
        found.length === expected &&
        found.every((row) => row.innerHTML.includes(text))
      );
    },
    { testId, text, expected },
    { timeout: 15_000 },
  );
  assert.equal(await rows.count(), expected);
  await box.fill("zz-no-such-thing");
  await page.waitForFunction(
    ({ testId, text }) =>
      ![
        ...document.querySelectorAll(`[data-testid="${testId}"] tbody tr`),
      ].some((row) => row.innerHTML.includes(text)),
    { testId, text },
    { timeout: 15_000 },
  );
}

describe(`Table search boxes at ${BASE_URL}`, () => {
  before(async () => {
    ({ page } = await registerCharity(openPage, {
      name: `Search Trust ${tag}`,
      owner: "Sam Searcher",
      emailPrefix: "e2e-search",
      giftAid: true,
    }));
    page.context().setDefaultTimeout(60_000);
    // Two donations claimed in an accepted claim, then one in a claim left sealed …
    const cara = await declaredDonor("Cara", `Claimed${tag}`);
    const dan = await declaredDonor("Dan", `Claimed${tag}`);
    const eve = await declaredDonor("Eve", `Sealed${tag}`);
    const first = [
      (await donation(cara, "11.00")).id,
      (await donation(dan, "22.00")).id,
    ];
    const accepted = await api("POST", "/api/gift-aid/claims", {
      donation_ids: first,
    });
    await claimUntil(
      accepted.claim_id,
      (c) => c.state === "sealed" && c.files_ready,
      "sealed",
    );
    await api("POST", `/api/gift-aid/claims/${accepted.claim_id}/submit`);
    receipt = (
      await claimUntil(accepted.claim_id, (c) => c.receipt, "accepted")
    ).receipt;
    acceptedId = accepted.claim_id;
    const sealed = await api("POST", "/api/gift-aid/claims", {
      donation_ids: [(await donation(eve, "5.00")).id],
    });
    await claimUntil(
      sealed.claim_id,
      (c) => c.state === "sealed" && c.files_ready,
      "sealed",
    );
    // … and two donations still claimable
    const orla = await declaredDonor("Orla", `Finnegan${tag}`);
    const bert = await declaredDonor("Bert", `Plain${tag}`);
    await donation(orla, "37.50", { external_ref: `RCPT-${tag}` });
    await donation(bert, "12.00");
    await upload(`spring-fair-${tag}.csv`);
    await upload(`bank-export-${tag}.csv`);
  });

  test("Donations: by donor name, reference or amount", async () => {
    await page.goto("/donations");
    const placeholder = "Search by donor, email, reference or amount";
    await searchNarrows(
      "table-donations",
      placeholder,
      `finnegan${tag}`,
      `Finnegan${tag}`,
    );
    await searchNarrows(
      "table-donations",
      placeholder,
      `rcpt-${tag}`,
      `Finnegan${tag}`,
    );
    await searchNarrows(
      "table-donations",
      placeholder,
      `plain${tag} 12`,
      `Plain${tag}`,
    );
  });

  test("New Claim: by donor name or amount", async () => {
    await page.goto("/gift-aid/un-claimed");
    const placeholder = "Search by donor, amount or date (YYYY-MM-DD)";
    await searchNarrows(
      "table-gift_aid_claimable",
      placeholder,
      `Finnegan${tag}`,
      `Finnegan${tag}`,
    );
    await searchNarrows(
      "table-gift_aid_claimable",
      placeholder,
      `37.50`,
      `Finnegan${tag}`,
    );
  });

  test("Claimed: by donor name", async () => {
    await page.goto("/gift-aid/claimed");
    const placeholder = "Search by donor, amount or date (YYYY-MM-DD)";
    await searchNarrows(
      "table-gift_aid_claimed",
      placeholder,
      `dan claimed${tag}`,
      `Dan Claimed${tag}`,
    );
    await searchNarrows(
      "table-gift_aid_claimed",
      placeholder,
      `claimed${tag}`,
      `Claimed${tag}`,
      2,
    );
  });

  test("Past Claims: by amount", async () => {
    await page.goto("/gift-aid/reports");
    const placeholder =
      "Search by HMRC receipt, correlation ID, period (YYYY-MM) or amount";
    // the row links to its claim; the fake gateway's receipt is a long sentence shared by every
    // claim (longer than a search may be), so the claim's donation total is what tells it apart
    await searchNarrows(
      "table-gift_aid_claims",
      placeholder,
      "33.00",
      acceptedId,
    );
  });

  test("Import history: by file name", async () => {
    await page.goto("/donations/import-data");
    const placeholder = "Search by file name";
    const history = "table-imports";
    await searchNarrows(
      history,
      placeholder,
      `spring fair-${tag}`,
      `spring-fair-${tag}.csv`,
    );
    await searchNarrows(
      history,
      placeholder,
      `bank-export-${tag}`,
      `bank-export-${tag}.csv`,
    );
  });
});
