/**
 * The embeddable donation widget (issue 17 item 9, ADR 0025): one `<script async>` from the
 * Almoner site defines
 *
 *   <almoner-donate page="<charity>/<slug>" mode="inline|button"></almoner-donate>
 *
 * which shows the published page in a cross-origin frame (the page's frame document, whose
 * frame-ancestors lists the charity's websites). Plain DOM, no React: built alone to
 * dist/widget.js (vite.widget.config.ts, ≤ 5 kB gzip, npm run check:widget).
 *
 * - A closed shadow root: the host page's CSS cannot reach the frame or the button.
 * - Inline: the frame is 600 px high until the page reports its height, then that height
 *   (200..6000 px); it never scrolls. Button: a button that opens the frame in a modal dialog.
 * - Height messages are taken only from the Almoner origin the script came from and only from
 *   this element's own frame; so is the frame's Escape, which closes the dialog (the frame's keys
 *   never reach the host page).
 */

export const HEIGHT_MESSAGE = 'almoner:height';
export const CLOSE_MESSAGE = 'almoner:close';
export const INITIAL_HEIGHT = 600;
export const MIN_HEIGHT = 200;
export const MAX_HEIGHT = 6000;
const PAGE = /^([a-z0-9-]{1,60})\/([a-z0-9-]{1,60})$/;
// The page may submit its form, run its script, read its own cookies and storage (same-origin
// to itself, not to the host), open the gateway in a new tab, and send the top window to the
// checkout only from the donor's click.
const SANDBOX =
  'allow-scripts allow-forms allow-same-origin allow-popups ' +
  'allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation';

const STYLE = `
:host { all: initial; display: block; }
iframe { display: block; width: 100%; height: ${INITIAL_HEIGHT}px; border: 0; margin: 0;
  overflow: hidden; background: transparent; color-scheme: normal; }
button { all: initial; box-sizing: border-box; display: inline-block; cursor: pointer;
  padding: 12px 24px; border-radius: 6px; background: #1d4ed8; color: #fff;
  font: 600 16px/1.2 system-ui, sans-serif; }
button:focus-visible { outline: 3px solid #93c5fd; outline-offset: 2px; }
dialog { width: min(680px, 100vw - 32px); max-height: calc(100vh - 32px); padding: 0; border: 0;
  border-radius: 8px; overflow: auto; background: #fff; }
dialog::backdrop { background: rgba(15, 23, 42, 0.6); }
.close { position: sticky; top: 0; float: right; margin: 8px; padding: 6px 12px;
  background: #fff; color: #0f172a; border: 1px solid #cbd5e1; font-weight: 500; z-index: 1; }
`;

/** A reported height made safe: a number within MIN_HEIGHT..MAX_HEIGHT, or null. */
export function clampHeight(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return Math.round(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, value)));
}

/** The frame document's address for `page="<charity>/<slug>"`, or null for anything else. */
export function frameUrl(origin: string, page: string | null): string | null {
  const match = PAGE.exec((page ?? '').trim());
  if (!match) return null;
  return `${origin}/api/public/pages/${match[1]}/${match[2]}/frame`;
}

/** Define <almoner-donate> for pages served by `origin` (the Almoner site the script came from). */
export function defineWidget(origin: string, registry: CustomElementRegistry = customElements) {
  if (registry.get('almoner-donate')) return;

  class AlmonerDonate extends HTMLElement {
    #root: ShadowRoot;
    #frame: HTMLIFrameElement | null = null;
    #dialog: HTMLDialogElement | null = null;
    #listening = false;

    constructor() {
      super();
      this.#root = this.attachShadow({ mode: 'closed' });
    }

    connectedCallback() {
      // A host rule such as `* { all: unset !important }` reaches the element itself; an inline
      // !important declaration still wins over it.
      this.style.setProperty('display', 'block', 'important');
      if (!this.#listening) {
        window.addEventListener('message', this.#onMessage);
        this.#listening = true;
      }
      this.#render();
    }

    static get observedAttributes() {
      return ['page', 'mode', 'label'];
    }

    attributeChangedCallback() {
      if (this.isConnected) this.#render();
    }

    disconnectedCallback() {
      window.removeEventListener('message', this.#onMessage);
      this.#listening = false;
    }

    #onMessage = (event: MessageEvent) => {
      const frame = this.#frame;
      const source = frame?.contentWindow;
      if (!source || event.origin !== origin || event.source !== source) return;
      const data = event.data as { type?: unknown; height?: unknown } | null;
      if (data?.type === CLOSE_MESSAGE && this.#dialog?.open) this.#dialog.close();
      if (!data || data.type !== HEIGHT_MESSAGE) return;
      const height = clampHeight(data.height);
      if (height !== null && frame) frame.style.height = `${height}px`;
    };

    #makeFrame(src: string): HTMLIFrameElement {
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.title = this.getAttribute('label') || 'Donate';
      frame.setAttribute('scrolling', 'no');
      frame.setAttribute('sandbox', SANDBOX);
      frame.setAttribute('allow', 'payment');
      frame.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
      this.#frame = frame;
      return frame;
    }

    #render() {
      const src = frameUrl(origin, this.getAttribute('page'));
      const style = document.createElement('style');
      style.textContent = STYLE;
      this.#root.replaceChildren(style);
      this.#frame = null;
      this.#dialog = null;
      if (!src) return;
      if (this.getAttribute('mode') !== 'button') {
        this.#root.append(this.#makeFrame(src));
        return;
      }
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = this.getAttribute('label') || 'Donate';
      const dialog = document.createElement('dialog');
      this.#dialog = dialog;
      const close = document.createElement('button');
      close.type = 'button';
      close.className = 'close';
      close.textContent = '×';
      close.setAttribute('aria-label', 'Close');
      close.addEventListener('click', () => dialog.close());
      dialog.addEventListener('close', () => {
        dialog.replaceChildren();
        this.#frame = null;
        button.focus();
      });
      button.addEventListener('click', () => {
        dialog.replaceChildren(close, this.#makeFrame(src));
        if (typeof dialog.showModal === 'function') dialog.showModal();
        else dialog.setAttribute('open', '');
      });
      this.#root.append(button, dialog);
    }
  }

  registry.define('almoner-donate', AlmonerDonate);
}

// Run from its <script src="https://<almoner>/widget.js" async>: the pages it frames are that
// site's.
const script = typeof document !== 'undefined' ? document.currentScript : null;
if (script instanceof HTMLScriptElement && script.src) defineWidget(new URL(script.src).origin);
