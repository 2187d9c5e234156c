/**
 * A claim's page fits a phone (390 px) in every state it passes through, not only the accepted
 * state the screens sweep visits: being built, needing review, sealed with its files still being
 * written, sealed, with HMRC (submitted), rejected and cancelled. One CI run once found a claim
 * page caught mid-way 393 px wide; a claim is in those states for a second or two, so the page is
 * given each state deterministically: the claim's own answer from the server, with the fields of
 * that state (long, unbroken values as HMRC sends them: correlation ids, IRmarks, error text).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { pageApi, pagesForThisFile, registerCharity } from "./helpers.mjs";
import { pageOverflow } from "./overflow.mjs";

const openPage = pagesForThisFile();

const CORRELATION = "4D2F8A61C0B94E7F9A3B5C7D1E2F3A4B";
const IRMARK = "KV5ZQ3JZ7R6X2MBTD4WN8LHG5PCF2A3Q";
const LONG_ERROR =
  "The submitted XML document failed validation against the schema: cvc-pattern-valid: Value 'AB12345678901234567890' is not facet-valid with respect to pattern '[A-Z0-9]{1,20}' for type 'HMRCref'.";

const STATES = {
  building: {
    state: "draft",
    build_status: "building",
    progress: { done: 1, total: 2 },
    files_ready: false,
    irmark: null,
    correlation_id: null,
    receipt: null,
    sealed_at: null,
    submitted_at: null,
    decided_at: null,
    errors: [],
    problems: [],
  },
  "needs review": {
    state: "draft",
    build_status: "ready",
    files_ready: false,
    irmark: null,
    correlation_id: null,
    receipt: null,
    sealed_at: null,
    submitted_at: null,
    decided_at: null,
    errors: [],
    problems: [
      {
        line: 3,
        field: "postcode",
        key: "hmrc.postcode_pattern",
        field_label: "Postcode",
        rule_text: "A UK postcode in capitals with one space, e.g. BA1 1AA",
        text: "Line 3, Postcode: AVERYLONGPOSTCODEWITHOUTANYSPACESATALL is not a UK postcode",
        donation_ids: ["01JXAMPLEDONATIONIDWITHNOBREAKS000001"],
      },
    ],
  },
  "sealed, files being written": {
    state: "sealed",
    build_status: "ready",
    files_ready: false,
    irmark: IRMARK,
    correlation_id: null,
    receipt: null,
    submitted_at: null,
    decided_at: null,
    errors: [],
    problems: [],
  },
  sealed: {
    state: "sealed",
    build_status: "ready",
    files_ready: true,
    irmark: IRMARK,
    correlation_id: null,
    receipt: null,
    submitted_at: null,
    decided_at: null,
    errors: [],
    problems: [],
  },
  submitted: {
    state: "submitted",
    build_status: "ready",
    files_ready: true,
    irmark: IRMARK,
    correlation_id: CORRELATION,
    receipt: null,
    decided_at: null,
    errors: [],
    problems: [],
  },
  rejected: {
    state: "rejected",
    build_status: "ready",
    files_ready: true,
    irmark: IRMARK,
    correlation_id: CORRELATION,
    receipt: null,
    errors: [
      {
        number: "3001",
        type: "business",
        text: LONG_ERROR,
        location: "/hd:GovTalkMessage[1]/hd:Body[1]/r68:IRenvelope[1]/r68:R68[1]/r68:Claim[1]/r68:Repayment[1]/r68:GAD[3]/r68:Donor[1]/r68:Postcode[1]",
        line: 3,
        donation_ids: [],
      },
    ],
    problems: [],
  },
  cancelled: {
    state: "cancelled",
    build_status: "ready",
    files_ready: false,
    correlation_id: null,
    receipt: null,
    errors: [],
    problems: [],
  },
};

describe("A claim's page on a phone, in each state", () => {
  test("fits a 390 px window in every state a claim passes through", async () => {
    // A charity of this test's own with one claim (of one donation); the page is then given
    // each state's fields in turn.
    const { page } = await registerCharity(openPage, {
      name: "Narrow Claims Trust",
      giftAid: true,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    const donor = await pageApi(page, "POST", "/api/donors", {
      first_name: "Ada",
      last_name: "Lovelace",
      house: "1",
      address_line1: "High Street",
      town: "Bath",
      postcode: "BA1 1AA",
    });
    const today = new Date().toISOString().slice(0, 10);
    await pageApi(page, "POST", `/api/donors/${donor.id}/declarations`, {
      method: "written",
      scope: ["future", "past_4_years"],
      date_given: today,
      statement_version: "2026-01 paper form",
    });
    await pageApi(page, "POST", "/api/donations/quick", {
      rows: [
        { donor_id: donor.id, amount: "20.00", date: today, payment_method: "cheque" },
      ],
    });
    const { claim_id: claimId } = await pageApi(page, "POST", "/api/gift-aid/claims", {
      all: true,
    });

    let shape = STATES.building;
    await page.route(
      (url) => url.pathname === `/api/gift-aid/claims/${claimId}`,
      async (route) => {
        if (route.request().method() !== "GET") return route.continue();
        const response = await route.fetch();
        const claim = await response.json();
        await route.fulfill({ response, json: { ...claim, ...shape } });
      },
    );

    const problems = [];
    for (const [name, fields] of Object.entries(STATES)) {
      shape = fields;
      await page.goto(`/gift-aid/passed-claimed/${claimId}`);
      await page.getByTestId("claim-summary").waitFor();
      // The page shows the state it was given (its badge), so the check is of that state.
      const label = fields.state[0].toUpperCase() + fields.state.slice(1);
      await page
        .getByTestId("claim-state")
        .filter({ hasText: label })
        .waitFor();
      const overflow = await pageOverflow(page);
      if (overflow)
        problems.push(
          `${name}: page is ${overflow.width} px wide in a ${overflow.viewport} px window; widest: ${overflow.culprit}`,
        );
    }
    // The page keeps polling a busy claim: stop answering for it before the page closes.
    await page.unrouteAll({ behavior: "ignoreErrors" });
    assert.deepEqual(problems, []);
  });
});
