/**
 * Every screen of the app, for the sweeps that must hold on all of them (phone/tablet widths,
 * accessibility). Paths with ids are filled from the signed-in user's own data through the API,
 * so the list follows whatever the demo stack holds; a screen whose id cannot be found (no claim
 * yet) is left out and named in `missing`.
 */
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  BASE_URL,
  DEMO_PASSWORD,
  OWNER_EMAIL,
  signIn,
} from "./helpers.mjs";

/** Screens anyone can open signed out. */
export const GUEST_SCREENS = [
  "/login",
  "/register",
  "/password/reset",
  "/terms",
  "/privacy",
  "/cookies",
  "/404",
];

/** The demo owner's screens (every charity permission). `:donor` etc. are filled from the API. */
const OWNER_SCREENS = [
  "/",
  "/settings/profile",
  "/settings/password",
  "/settings/notifications",
  "/settings/2fa",
  "/settings/users",
  "/settings/roles",
  "/settings/roles/:role/permissions",
  "/settings/permissions",
  "/settings/options",
  "/settings/charity",
  "/settings/authorized-official",
  "/settings/theme",
  "/settings/delete-account",
  "/donations",
  "/donations/quick-donations",
  "/donations/import-data",
  "/donations/:donation",
  "/donations/:donation/edit",
  "/donors",
  "/donors/merge",
  "/donors/create",
  "/donors/:donor",
  "/donors/:donor/edit",
  "/donors/:donor/donations/create",
  "/gift-aid/un-claimed",
  "/gift-aid/claimed",
  "/gift-aid/reports",
  "/gift-aid/passed-claimed/:claim",
  "/gift-aid/settings",
  "/donation-types",
  "/locations",
  "/fund-management",
  "/fund-management/f/general",
  "/fund-management/statement",
  "/fund-management/expenses",
  "/expense-types",
  "/projects",
  "/projects/add",
  "/projects/:project/edit",
  "/fund-management/p/:project",
  "/payment-gateways",
  "/webhook-calls",
  "/billings/accounts",
  "/billings/payments",
  "/forms",
  "/cards",
  "/buttons",
  "/slideout",
  "/tabs",
];

/** The platform admin's own screens. */
const ADMIN_SCREENS = [
  "/",
  "/charities",
  "/charities/:charity",
  "/charities/:charity/edit",
  "/admin/notifications",
  "/feedbacks",
  "/settings/profile",
];

async function signedIn(page) {
  await page.waitForURL((url) => url.pathname === "/");
  await page.getByRole("heading", { level: 1 }).first().waitFor();
}

async function firstId(page, url) {
  const response = await page.request.get(url);
  if (!response.ok()) return null;
  const body = await response.json();
  return body?.data?.[0]?.id ?? null;
}

async function fill(page, paths, lookups) {
  const ids = {};
  for (const [name, url] of Object.entries(lookups)) {
    if (paths.some((path) => path.includes(`:${name}`))) ids[name] = await firstId(page, url);
  }
  const screens = [];
  const missing = [];
  for (const path of paths) {
    const names = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]);
    if (names.some((name) => !ids[name])) {
      missing.push(path);
      continue;
    }
    screens.push(path.replace(/:(\w+)/g, (_, name) => ids[name]));
  }
  return { screens, missing };
}

/** Signs the page in as the demo owner and answers the owner's screens with real ids. */
export async function ownerScreens(page) {
  await signIn(page, OWNER_EMAIL, DEMO_PASSWORD);
  await signedIn(page);
  return fill(page, OWNER_SCREENS, {
    role: "/api/settings/roles",
    donation: "/api/donations?length=20",
    donor: "/api/donors?length=20",
    project: "/api/projects",
    // An accepted claim: the state every claim ends in. Other test files build and submit claims
    // on this charity at the same time; a claim caught mid-way would make the sweep depend on
    // their timing (and a transient state is for their own tests).
    claim: "/api/gift-aid/claims?state=accepted&length=20",
  });
}

/** Signs the page in as the platform admin and answers the admin's screens with real ids. */
export async function adminScreens(page) {
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await signedIn(page);
  return fill(page, ADMIN_SCREENS, { charity: "/api/charities?length=20" });
}

const HEADING = 'h1, [role="heading"][aria-level="1"]';

/**
 * Opens a screen and waits until its content is there: a level-1 heading, no skeleton rows, no
 * busy table or full-page spinner. A busy button is content (the design-system gallery shows one
 * on purpose), not loading.
 *
 * On a page already showing the app it goes there as a link does (the SPA's client-side
 * navigation: history entry + popstate, which the router follows) instead of loading the whole app
 * again: what a user clicking through the menu gets, at a fraction of a page load. The headings
 * of the screen being left are marked first, so the wait is for the new screen's own heading.
 */
export async function openScreen(page, path) {
  // The screen already shown is loaded again (as a reload would: e.g. after the language
  // cookie changed), not navigated to.
  const inApp =
    page.url().startsWith(BASE_URL) &&
    new URL(page.url()).pathname !== path &&
    (await page.evaluate(() => Boolean(document.querySelector("#root > *"))));
  if (!inApp) {
    await page.goto(path);
  } else {
    await page.evaluate(
      ({ path, heading }) => {
        for (const element of document.querySelectorAll(heading))
          element.setAttribute("data-screen-left", "");
        window.scrollTo(0, 0);
        const idx = (window.history.state?.idx ?? 0) + 1;
        const key = Math.random().toString(36).slice(2, 10);
        window.history.pushState({ usr: null, key, idx }, "", path);
        window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
      },
      { path, heading: HEADING },
    );
    const arrived = await page
      .waitForFunction(
        (heading) =>
          [...document.querySelectorAll(heading)].some(
            (element) => !element.hasAttribute("data-screen-left"),
          ),
        HEADING,
        { timeout: 15_000 },
      )
      .then(
        () => true,
        () => false,
      );
    // A screen that keeps the same heading element (one component for two paths) is loaded.
    if (!arrived) await page.goto(path);
  }
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await page.waitForFunction(
    () =>
      !document.querySelector(
        '[data-testid="skeleton-row"], .full-page-spinner, [aria-busy="true"]:not(button)',
      ),
  );
}
