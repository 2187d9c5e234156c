import { useEffect, useState } from 'react';

/** Server messages may contain HTML (spec §5): keep a small allow-list only. */
const ALLOWED_TAGS = ['a', 'b', 'strong', 'i', 'em', 'br', 'code'];
const ALLOWED_ATTR = ['href'];

type Purify = typeof import('dompurify').default;

// DOMPurify is ~11 kB gzip, and nearly every server message is plain text: it is loaded only when
// a message has markup (ADR 0023), so no first page pays for it.
let purify: Purify | null = null;
let loading: Promise<Purify> | null = null;

/** Whether `text` needs HTML handling at all (a tag or an entity). */
export function hasMarkup(text: string): boolean {
  return /[<&]/.test(text);
}

export function loadSanitizer(): Promise<Purify> {
  loading ??= import('dompurify').then((module) => (purify = module.default));
  return loading;
}

/** The allow-listed HTML of `html`; null until DOMPurify has been loaded (`loadSanitizer`). */
export function sanitizeHtml(html: string): string | null {
  return purify ? purify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR }) : null;
}

/** The words of `html` without any markup, parsed inertly (nothing runs or loads). */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/**
 * How to show a server message: `{ text }` (plain, rendered as text) or `{ html }` (sanitized).
 * A message with markup shows its plain words until DOMPurify has arrived, then its HTML.
 */
export function useServerMessage(message: string): { text: string } | { html: string } {
  const markup = hasMarkup(message);
  const [, setLoaded] = useState(purify !== null);
  useEffect(() => {
    if (!markup || purify) return;
    let live = true;
    void loadSanitizer().then(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [markup]);
  if (!markup) return { text: message };
  const html = sanitizeHtml(message);
  return html === null ? { text: plainText(message) } : { html };
}
