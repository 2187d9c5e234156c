/** How often a claim being built, sealed or submitted is re-read. */
export const CLAIM_POLL_MS = 1000;
/**
 * A new claim of a few hundred lines is built, sealed and its files written in a second or two:
 * polling it every CLAIM_POLL_MS would add up to that much to the wait. Its build is polled every
 * CLAIM_BUILD_FIRST_POLL_MS for its first CLAIM_BUILD_QUICK_POLLS reads, then every CLAIM_POLL_MS.
 */
export const CLAIM_BUILD_FIRST_POLL_MS = 250;
export const CLAIM_BUILD_QUICK_POLLS = 12;
/** Lines per page on a claim's page. */
export const CLAIM_LINES_PAGE = 20;
/** HMRC's spreadsheet holds at most 1,000 lines; more come as a zip of several files. */
export const SCHEDULE_MAX_LINES = 1000;
