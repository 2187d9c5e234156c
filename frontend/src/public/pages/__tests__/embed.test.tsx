import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { context, donationForm, GIVING } from '../render/__tests__/fixtures';
import { renderPage } from '../render/renderPage';
import { PageApp } from '../PageApp';
import { CLOSE_MESSAGE, HEIGHT_MESSAGE, isEmbedded, parseFramePath, topRedirect } from '../embed';

const at = (path: string) => new URL(path, 'http://localhost') as unknown as Location;

const PAGE = {
  charity: { name: 'Riverside Food Bank', registration_number: '1234567' },
  page: {
    id: 'pg1',
    title: 'Winter',
    type: 'donation',
    locale: 'en',
    data: { root: { props: {} }, content: [donationForm()] },
  },
  images: {},
  funds: {},
  giving: GIVING,
};

describe('a published page in the donation widget’s frame', () => {
  afterEach(() => {
    document.documentElement.classList.remove('pb-embedded');
  });

  it('knows the frame document’s address and ?embed=1', () => {
    expect(parseFramePath('/api/public/pages/riverside/winter/frame')).toEqual({
      charity: 'riverside',
      slug: 'winter',
    });
    expect(parseFramePath('/api/public/pages/riverside/winter')).toBeNull();
    expect(parseFramePath('/api/public/pages/Riverside/../frame')).toBeNull();
    expect(isEmbedded(at('/api/public/pages/riverside/winter/frame'))).toBe(true);
    expect(isEmbedded(at('/p/riverside/winter?embed=1'))).toBe(true);
    expect(isEmbedded(at('/p/riverside/winter'))).toBe(false);
  });

  it('renders the page from the frame address and posts its height to the widget', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify(PAGE), { status: 200 }));
    const posted = vi.spyOn(window.parent, 'postMessage');
    render(<PageApp location={at('/api/public/pages/riverside/winter/frame')} />);
    expect(await screen.findByRole('heading', { name: 'Give today' })).toBeVisible();
    expect(String(fetchSpy.mock.calls[0]?.[0])).toContain('/api/public/pages/riverside/winter');
    expect(posted).toHaveBeenCalledWith({ type: HEIGHT_MESSAGE, height: expect.any(Number) }, '*');
    expect(document.documentElement).toHaveClass('pb-embedded');
    // Escape in the frame (whose keys never reach the host page) asks the widget to close
    expect(posted).not.toHaveBeenCalledWith({ type: CLOSE_MESSAGE }, '*');
    await userEvent.setup().keyboard('{Escape}');
    expect(posted).toHaveBeenCalledWith({ type: CLOSE_MESSAGE }, '*');
  });

  it('says the appeal is closed when the page is not published', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ message: 'Not found' }), { status: 404 }),
    );
    render(<PageApp location={at('/api/public/pages/riverside/gone/frame')} />);
    expect(await screen.findByRole('heading', { name: 'This appeal is closed.' })).toBeVisible();
  });

  it('opens the checkout in the top window, or offers a link to the top when refused', () => {
    const top = { location: { href: 'https://host.example/' } };
    const fallback = vi.fn();
    const win = { top, setTimeout: vi.fn() } as unknown as Window;
    topRedirect('https://checkout.example/pay', fallback, win);
    expect(top.location.href).toBe('https://checkout.example/pay');
    expect(fallback).not.toHaveBeenCalled();

    const refusing = {
      top: {
        location: {
          set href(_url: string) {
            throw new DOMException('not allowed', 'SecurityError');
          },
        },
      },
      setTimeout: vi.fn(),
    } as unknown as Window;
    topRedirect('https://checkout.example/pay', fallback, refusing);
    expect(fallback).toHaveBeenCalledWith('https://checkout.example/pay');
  });

  it('the donation form sends the donor on through the frame’s redirect, and shows the link', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({ intent_id: 'i1', redirect_url: 'https://checkout.example/pay' }),
        { status: 201, headers: { 'Content-Type': 'application/json' } },
      ),
    );
    const redirect = vi.fn();
    const user = userEvent.setup();
    const view = render(
      <>{renderPage({ root: { props: {} }, content: [donationForm()] }, context({ redirect }))}</>,
    );
    await user.click(screen.getByLabelText('£20.00'));
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email address'), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Donate £20.00 a month' }));
    await vi.waitFor(() => expect(redirect).toHaveBeenCalledWith('https://checkout.example/pay'));
    view.rerender(
      <>
        {renderPage(
          { root: { props: {} }, content: [donationForm()] },
          context({ redirect, checkoutUrl: 'https://checkout.example/pay' }),
        )}
      </>,
    );
    const link = screen.getByRole('link', { name: 'Continue to the secure payment page' });
    expect(link).toHaveAttribute('href', 'https://checkout.example/pay');
    expect(link).toHaveAttribute('target', '_top');
  });
});
