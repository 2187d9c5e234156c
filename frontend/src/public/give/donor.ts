/**
 * The donor's first name, kept in this tab from the form to the thank-you page ("Thank you,
 * Ann!"): the intent's status answer carries no personal data. Private browsing may refuse
 * storage; the thank-you page then thanks without a name.
 */
import { FREQUENCIES, type Frequency } from './api';

const key = (intentId: string) => `almoner-give-${intentId}`;
const frequencyKey = (intentId: string) => `almoner-give-${intentId}-frequency`;

export function rememberDonor(
  intentId: string,
  firstName: string,
  frequency: Frequency = 'once',
): void {
  try {
    window.sessionStorage.setItem(key(intentId), firstName);
    window.sessionStorage.setItem(frequencyKey(intentId), frequency);
  } catch {
    // No storage: the thanks are anonymous.
  }
}

/** How often the gift set up in this tab is taken ("once" when unknown). */
export function donorFrequency(intentId: string): Frequency {
  try {
    const stored = window.sessionStorage.getItem(frequencyKey(intentId));
    return (FREQUENCIES as readonly string[]).includes(stored ?? '')
      ? (stored as Frequency)
      : 'once';
  } catch {
    return 'once';
  }
}

export function donorName(intentId: string): string {
  try {
    return window.sessionStorage.getItem(key(intentId)) ?? '';
  } catch {
    return '';
  }
}
