/**
 * The donor's first name, kept in this tab from the form to the thank-you page ("Thank you,
 * Ann!"): the intent's status answer carries no personal data. Private browsing may refuse
 * storage; the thank-you page then thanks without a name.
 */
const key = (intentId: string) => `almoner-give-${intentId}`;

export function rememberDonor(intentId: string, firstName: string): void {
  try {
    window.sessionStorage.setItem(key(intentId), firstName);
  } catch {
    // No storage: the thanks are anonymous.
  }
}

export function donorName(intentId: string): string {
  try {
    return window.sessionStorage.getItem(key(intentId)) ?? '';
  } catch {
    return '';
  }
}
