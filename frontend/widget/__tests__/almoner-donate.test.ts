import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  clampHeight,
  CLOSE_MESSAGE,
  defineWidget,
  frameUrl,
  HEIGHT_MESSAGE,
  INITIAL_HEIGHT,
  MAX_HEIGHT,
  MIN_HEIGHT,
} from '../almoner-donate';

const ALMONER = 'https://almoner.example';
const roots = new WeakMap<Element, ShadowRoot>();

beforeAll(() => {
  // The widget's shadow root is closed; the test keeps a handle on it as the browser does.
  const attach = HTMLElement.prototype.attachShadow;
  HTMLElement.prototype.attachShadow = function (this: HTMLElement, init: ShadowRootInit) {
    const root = attach.call(this, init);
    roots.set(this, root);
    return root;
  };
  defineWidget(ALMONER);
});

afterEach(() => {
  document.body.replaceChildren();
});

/** jsdom gives a frame inside a shadow root no window; a browser does. Give each one its own. */
function withWindow(frame: HTMLIFrameElement | null): HTMLIFrameElement | null {
  if (!frame || frame.contentWindow) return frame;
  const stand = document.createElement('iframe');
  document.body.append(stand);
  Object.defineProperty(frame, 'contentWindow', { value: stand.contentWindow });
  return frame;
}

function widget(attributes: Record<string, string>) {
  const element = document.createElement('almoner-donate');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  const root = roots.get(element) as ShadowRoot;
  return { element, root, frame: () => withWindow(root.querySelector('iframe')) };
}

function report(frame: HTMLIFrameElement | null, height: unknown, init: MessageEventInit = {}) {
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { type: HEIGHT_MESSAGE, height },
      origin: ALMONER,
      source: frame?.contentWindow ?? null,
      ...init,
    }),
  );
}

describe('<almoner-donate>', () => {
  it('inline: a frame of the page’s frame document, 600 px high, without scrollbars', () => {
    const { frame, root } = widget({ page: 'hope-trust/winter' });
    const iframe = frame() as HTMLIFrameElement;
    expect(iframe.src).toBe(`${ALMONER}/api/public/pages/hope-trust/winter/frame`);
    expect(iframe.getAttribute('scrolling')).toBe('no');
    expect(iframe.getAttribute('sandbox')?.split(' ')).toEqual(
      expect.arrayContaining([
        'allow-scripts',
        'allow-forms',
        'allow-same-origin',
        'allow-popups',
        'allow-top-navigation-by-user-activation',
      ]),
    );
    expect(iframe.getAttribute('sandbox')).not.toMatch(/allow-top-navigation(\s|$)/);
    const css = root.querySelector('style')?.textContent ?? '';
    expect(css).toContain(':host { all: initial; display: block; }');
    expect(css).toContain(`height: ${INITIAL_HEIGHT}px`);
    expect(css).toContain('overflow: hidden');
  });

  it('takes the height its own frame reports from the Almoner origin, clamped', () => {
    const { frame } = widget({ page: 'hope-trust/winter', mode: 'inline' });
    const iframe = frame() as HTMLIFrameElement;
    report(iframe, 1234.4);
    expect(iframe.style.height).toBe('1234px');
    report(iframe, 50);
    expect(iframe.style.height).toBe(`${MIN_HEIGHT}px`);
    report(iframe, 99_999);
    expect(iframe.style.height).toBe(`${MAX_HEIGHT}px`);
    report(iframe, 'tall');
    expect(iframe.style.height).toBe(`${MAX_HEIGHT}px`);
  });

  it('ignores messages from another origin or another window', () => {
    const lone = widget({ page: 'hope-trust/winter' });
    const windowless = lone.root.querySelector('iframe') as HTMLIFrameElement;
    report(windowless, 900, { source: null });
    expect(windowless.style.height).toBe('');
    lone.element.remove();
    const { frame } = widget({ page: 'hope-trust/winter' });
    const iframe = frame() as HTMLIFrameElement;
    report(iframe, 900, { origin: 'https://evil.example' });
    expect(iframe.style.height).toBe('');
    report(iframe, 900, { source: window });
    expect(iframe.style.height).toBe('');
    const other = widget({ page: 'hope-trust/spring' });
    report(other.frame(), 900);
    expect(iframe.style.height).toBe('');
    expect(other.frame()?.style.height).toBe('900px');
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'something-else', height: 700 },
        origin: ALMONER,
        source: iframe.contentWindow,
      }),
    );
    expect(iframe.style.height).toBe('');
  });

  it('button: a button that opens the page in a modal dialog, closed again with ×', () => {
    const { root, frame } = widget({ page: 'hope-trust/winter', mode: 'button', label: 'Give' });
    expect(frame()).toBeNull();
    const button = root.querySelector('button') as HTMLButtonElement;
    expect(button.textContent).toBe('Give');
    const dialog = root.querySelector('dialog') as HTMLDialogElement;
    // jsdom has no modal dialogs.
    dialog.showModal = vi.fn(() => dialog.setAttribute('open', ''));
    dialog.close = vi.fn(() => {
      dialog.removeAttribute('open');
      dialog.dispatchEvent(new Event('close'));
    });
    button.click();
    expect(dialog.showModal).toHaveBeenCalled();
    const iframe = frame() as HTMLIFrameElement;
    expect(iframe.src).toBe(`${ALMONER}/api/public/pages/hope-trust/winter/frame`);
    report(iframe, 800);
    expect(iframe.style.height).toBe('800px');
    (root.querySelector('button.close') as HTMLButtonElement).click();
    expect(dialog.open).toBe(false);
    expect(frame()).toBeNull();

    // Escape pressed inside the frame: its own frame's message closes the dialog, nobody else's
    button.click();
    const again = frame() as HTMLIFrameElement;
    const close = (init: MessageEventInit) =>
      window.dispatchEvent(new MessageEvent('message', { data: { type: CLOSE_MESSAGE }, ...init }));
    close({ origin: 'https://evil.example', source: again.contentWindow });
    close({ origin: ALMONER, source: window });
    expect(dialog.open).toBe(true);
    close({ origin: ALMONER, source: again.contentWindow });
    expect(dialog.open).toBe(false);
    expect(frame()).toBeNull();
  });

  it('shows nothing for a page attribute that is not <charity>/<slug>', () => {
    for (const page of ['', 'hope-trust', '../admin/x', 'Hope/Winter', 'a/b/c', 'a/b?x=1']) {
      expect(widget({ page }).frame()).toBeNull();
    }
    expect(frameUrl(ALMONER, ' hope-trust/winter ')).toBe(
      `${ALMONER}/api/public/pages/hope-trust/winter/frame`,
    );
  });

  it('keeps itself a block even under `* { all: unset !important }`', () => {
    const { element } = widget({ page: 'hope-trust/winter' });
    expect(element.style.getPropertyPriority('display')).toBe('important');
    expect(element.style.display).toBe('block');
  });

  it('clamps heights to 200..6000 and refuses what is not a number', () => {
    expect(clampHeight(640)).toBe(640);
    expect(clampHeight(0)).toBe(MIN_HEIGHT);
    expect(clampHeight(1e9)).toBe(MAX_HEIGHT);
    expect(clampHeight(Number.NaN)).toBeNull();
    expect(clampHeight(Infinity)).toBeNull();
    expect(clampHeight('640')).toBeNull();
  });
});
