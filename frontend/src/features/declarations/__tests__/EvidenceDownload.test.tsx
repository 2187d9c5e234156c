import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '@/components/toasts/Toasts';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { EvidenceDownload } from '../EvidenceDownload';

const PATH = '/api/donors/p1/declarations/x1/evidence';

describe('downloading a declaration’s evidence', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for a fresh link on click and hands it to the browser as a download', async () => {
    const api = mockApi((call) =>
      call.url.pathname === PATH
        ? {
            body: {
              url: 'https://files.example/evidence.pdf?X-Amz-Signature=abc',
              filename: 'declaration-evidence-2026-01-10.pdf',
              expires_in: 900,
            },
          }
        : undefined,
    );
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    renderWithProviders(<EvidenceDownload donorId="p1" declarationId="x1" />);
    expect(api.calls).toHaveLength(0); // no link is made before it is wanted
    await userEvent.click(screen.getByRole('button', { name: 'Download evidence' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const [anchor] = clicked;
    expect(anchor?.href).toBe('https://files.example/evidence.pdf?X-Amz-Signature=abc');
    expect(anchor?.download).toBe('declaration-evidence-2026-01-10.pdf');
  });

  it('explains a missing file instead of leaving the page', async () => {
    mockApi((call) =>
      call.url.pathname === PATH
        ? {
            status: 404,
            body: {
              message:
                'The evidence file of this declaration is missing: its upload did not finish.',
            },
          }
        : undefined,
    );
    renderWithProviders(
      <>
        <EvidenceDownload donorId="p1" declarationId="x1" />
        <Toasts />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download evidence' }));
    expect(
      await screen.findByText(
        'The evidence file of this declaration is missing: its upload did not finish.',
      ),
    ).toBeInTheDocument();
  });
});
