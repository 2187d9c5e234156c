/** The largest file S3 accepts for an import (the presigned POST's content-length-range). */
export const MAX_IMPORT_BYTES = 52_428_800;
/** The file types the importer reads. */
export const IMPORT_EXTENSIONS = ['.csv', '.xlsx'] as const;
export const CONTENT_TYPES: Record<(typeof IMPORT_EXTENSIONS)[number], string> = {
  '.csv': 'text/csv',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
/** How often an import that is being checked, imported or undone is re-read. */
export const IMPORT_POLL_MS = 1000;
/** Rows per page of the error report and of the review list. */
export const ERRORS_PAGE = 20;
export const REVIEW_PAGE = 20;
/** Sample values shown beside each file column on the mapping step. */
export const SAMPLE_VALUES = 3;
/** The query parameter that opens one import on the import screen. */
export const IMPORT_PARAM = 'import';
