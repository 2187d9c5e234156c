import DOMPurify from 'dompurify';

/** Server messages may contain HTML (spec §5): keep a small allow-list only. */
const ALLOWED_TAGS = ['a', 'b', 'strong', 'i', 'em', 'br', 'code'];
const ALLOWED_ATTR = ['href'];

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR });
}
