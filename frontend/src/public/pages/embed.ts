/**
 * A published page inside the donation widget's frame (issue 17 item 9, ADR 0025). The widget
 * loads GET /api/public/pages/{charity}/{slug}/frame (the page shell with the charity's
 * frame-ancestors); /p/{charity}/{slug}?embed=1 renders the same way. The page then reports its
 * height to the widget and sends the donor to the gateway's checkout at the top level.
 */

const FRAME_PATH = /^\/api\/public\/pages\/([a-z0-9-]{1,60})\/([a-z0-9-]{1,60})\/frame\/?$/;

/** The slugs of a frame document's path, or null. */
export function parseFramePath(pathname: string): { charity: string; slug: string } | null {
  const match = FRAME_PATH.exec(pathname);
  return match ? { charity: match[1] as string, slug: match[2] as string } : null;
}

/** Whether this page is the widget's frame. */
export function isEmbedded(location: Pick<Location, 'pathname' | 'search'>): boolean {
  return (
    parseFramePath(location.pathname) !== null ||
    new URLSearchParams(location.search).get('embed') === '1'
  );
}

export const HEIGHT_MESSAGE = 'almoner:height';

/** The page's height in CSS pixels: the body's box with its margins (not the frame's viewport,
 * which would only ever grow). */
export function pageHeight(doc: Document): number {
  const body = doc.body;
  const style = doc.defaultView?.getComputedStyle(body);
  const margins = style ? parseFloat(style.marginTop) + parseFloat(style.marginBottom) : 0;
  return Math.ceil(body.getBoundingClientRect().height + (Number.isFinite(margins) ? margins : 0));
}

/** Post the height to the parent now and whenever the page's size changes. The message carries
 * no secret, so any origin may read it; the widget checks where it came from. */
export function reportHeight(win: Window = window): () => void {
  const doc = win.document;
  const stopEscape = reportEscape(win);
  doc.documentElement.classList.add('pb-embedded');
  let last = -1;
  const send = () => {
    const height = pageHeight(doc);
    if (height === last) return;
    last = height;
    win.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
  };
  send();
  if (typeof ResizeObserver !== 'function') return stopEscape;
  const observer = new ResizeObserver(send);
  observer.observe(doc.body);
  return () => {
    observer.disconnect();
    stopEscape();
  };
}

export const CLOSE_MESSAGE = 'almoner:close';

/** Escape pressed in the frame: the keys of a cross-origin frame never reach the host page, so
 * the widget's dialog (button mode) hears of it by message and closes, as it does for an Escape
 * outside the frame. Inline, the widget ignores it. */
export function reportEscape(win: Window = window): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      win.parent.postMessage({ type: CLOSE_MESSAGE }, '*');
    }
  };
  win.document.addEventListener('keydown', onKey);
  return () => win.document.removeEventListener('keydown', onKey);
}

/** Open the checkout in the top window (the click's user activation allows it from a sandboxed,
 * cross-origin frame); when the browser refuses, `fallback` offers a link that targets the top. */
export function topRedirect(url: string, fallback: (url: string) => void, win: Window = window) {
  try {
    (win.top ?? win).location.href = url;
  } catch {
    fallback(url);
    return;
  }
  // A refusal may also be silent: the link is there as well, in case the page is still here.
  win.setTimeout(() => fallback(url), 1500);
}
