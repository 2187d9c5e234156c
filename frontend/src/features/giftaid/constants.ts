/** How often a claim being built, sealed or submitted is re-read. */
export const CLAIM_POLL_MS = 1000;
/** Lines per page on a claim's page. */
export const CLAIM_LINES_PAGE = 20;
/** HMRC's spreadsheet holds at most 1,000 lines; more come as a zip of several files. */
export const SCHEDULE_MAX_LINES = 1000;
