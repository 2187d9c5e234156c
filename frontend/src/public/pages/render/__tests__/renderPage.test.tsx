import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../renderPage';
import type { Block } from '../types';
import { context, donationForm } from './fixtures';

const page = (content: Block[], overrides = {}) =>
  render(<>{renderPage({ root: { props: {} }, content }, context(overrides))}</>);

describe('the page renderer, block by block', () => {
  it('Hero: heading, subheading, uploaded image and a safe call to action', () => {
    page([
      {
        type: 'Hero',
        props: {
          id: 'h',
          heading: 'Feed a family',
          subheading: 'This winter',
          image_key: 'pages/pg1/hero.jpg',
          align: 'center',
          cta_label: 'Give now',
          cta_href: 'https://example.org/give',
        },
      },
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Feed a family' })).toBeVisible();
    expect(screen.getByText('This winter')).toBeVisible();
    expect(document.querySelector('img')).toHaveAttribute('src', 'https://files.example/hero.jpg');
    expect(screen.getByRole('link', { name: 'Give now' })).toHaveAttribute(
      'href',
      'https://example.org/give',
    );
  });

  it('Image: its uploaded URL, alt text and caption; an unknown key says it is missing', () => {
    page([
      {
        type: 'Image',
        props: { id: 'i', image_key: 'pages/pg1/hero.jpg', alt: 'Volunteers', caption: 'Our team' },
      },
      { type: 'Image', props: { id: 'j', image_key: 'pages/other.jpg', alt: 'Gone', caption: '' } },
    ]);
    expect(screen.getByRole('img', { name: 'Volunteers' })).toHaveAttribute(
      'src',
      'https://files.example/hero.jpg',
    );
    expect(screen.getByText('Our team')).toBeVisible();
    expect(screen.getByText('This image is not available.')).toBeVisible();
  });

  it('Video: a privacy-friendly player from the id only; a malformed id plays nothing', () => {
    page([
      {
        type: 'Video',
        props: { id: 'v', provider: 'youtube', video_id: 'dQw4w9WgXcQ', title: 'Our year' },
      },
      {
        type: 'Video',
        props: { id: 'w', provider: 'vimeo', video_id: '76979871', title: 'Vimeo film' },
      },
      {
        type: 'Video',
        props: { id: 'x', provider: 'youtube', video_id: '"><script>', title: 'Bad' },
      },
    ]);
    expect(screen.getByTitle('Our year')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(screen.getByTitle('Vimeo film')).toHaveAttribute(
      'src',
      'https://player.vimeo.com/video/76979871',
    );
    expect(screen.queryByTitle('Bad')).toBeNull();
    expect(screen.getByText('This video is not available.')).toBeVisible();
  });

  it('Video in the builder (admin CSP: no players): a placeholder that says what will play where, en and es', () => {
    const blocks: Block[] = [
      {
        type: 'Video',
        props: { id: 'v', provider: 'youtube', video_id: 'dQw4w9WgXcQ', title: 'Our year' },
      },
      {
        type: 'Video',
        props: { id: 'w', provider: 'vimeo', video_id: '76979871', title: 'Vimeo film' },
      },
    ];
    const { unmount } = page(blocks, { preview: true });
    expect(document.querySelector('iframe')).toBeNull();
    expect(
      screen.getByText('YouTube video dQw4w9WgXcQ — plays on the published page.'),
    ).toBeVisible();
    expect(screen.getByText('Vimeo video 76979871 — plays on the published page.')).toBeVisible();
    unmount();
    page(blocks, { preview: true, locale: 'es' });
    expect(
      screen.getByText('Vídeo de YouTube dQw4w9WgXcQ: se reproduce en la página publicada.'),
    ).toBeVisible();
  });

  it('RichText, GiftAidExplainer, Faq, CallToAction and Footer', async () => {
    const user = userEvent.setup();
    page([
      { type: 'RichText', props: { id: 'r', body: '## About us\n\nWe are **local**.' } },
      { type: 'GiftAidExplainer', props: { id: 'g', heading: '' } },
      {
        type: 'Faq',
        props: {
          id: 'f',
          heading: 'Questions',
          items: [{ question: 'Is it safe?', answer: 'Yes, very.' }],
        },
      },
      {
        type: 'CallToAction',
        props: {
          id: 'c',
          heading: 'Volunteer',
          text: 'Join us',
          label: 'Email us',
          href: 'mailto:v@example.org',
        },
      },
      {
        type: 'Footer',
        props: {
          id: 'ft',
          text: '© Riverside',
          links: [
            { label: 'Privacy', href: 'https://example.org/privacy' },
            { label: 'Bad', href: 'javascript:alert(1)' },
          ],
        },
      },
    ]);
    expect(screen.getByRole('heading', { name: 'About us' })).toBeVisible();
    expect(
      screen.getByRole('heading', { name: 'Boost your gift by 25% with Gift Aid' }),
    ).toBeVisible();
    const answer = screen.getByText('Yes, very.');
    expect(answer).not.toBeVisible();
    await user.click(screen.getByText('Is it safe?'));
    expect(answer).toBeVisible();
    expect(screen.getByRole('link', { name: 'Email us' })).toHaveAttribute(
      'href',
      'mailto:v@example.org',
    );
    expect(screen.getByRole('link', { name: 'Privacy' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Bad' })).toBeNull();
  });

  it('FundProgress: raised with Gift Aid against the target', () => {
    page([
      {
        type: 'FundProgress',
        props: { id: 'p', fund_id: 'roof', target: '1000.00', show_gift_aid: true, heading: '' },
      },
    ]);
    expect(screen.getByRole('heading', { name: 'Roof appeal' })).toBeVisible();
    expect(screen.getByText('£900.00 raised of £1,000.00')).toBeVisible();
    const bar = screen.getByRole('progressbar', { name: 'Progress towards the target' });
    expect(Number(bar.getAttribute('value')) / Number(bar.getAttribute('max'))).toBe(0.9);
    expect(screen.getByText('including £150.00 of Gift Aid')).toBeVisible();
  });

  it('Columns: nested blocks side by side, the middle column only in the three-column layout', () => {
    const { container } = page([
      {
        type: 'Columns',
        props: {
          id: 'col',
          layout: '1-2',
          left: [{ type: 'RichText', props: { id: 'a', body: 'Left side' } }],
          middle: [{ type: 'RichText', props: { id: 'b', body: 'Middle' } }],
          right: [
            {
              type: 'CallToAction',
              props: { id: 'c', heading: 'Right', text: '', label: 'Go', href: 'https://x.org' },
            },
          ],
        },
      },
    ]);
    const columns = container.querySelectorAll('.pb-columns__column');
    expect(columns).toHaveLength(2);
    expect(columns[0]).toHaveTextContent('Left side');
    expect(columns[1]).toHaveTextContent('Right');
    expect(screen.queryByText('Middle')).toBeNull();
  });

  it('DonationForm: the block’s presets, once/monthly choice, and the page id sent with the gift', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ message: 'Online giving is paused.' }), {
        status: 422,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const user = userEvent.setup();
    page([donationForm()]);
    expect(screen.getByRole('heading', { name: 'Give today' })).toBeVisible();
    const how = screen.getByRole('group', { name: 'How often?' });
    expect(
      within(how)
        .getAllByRole('radio')
        .map((radio) => radio.nextSibling?.textContent),
    ).toEqual(['Once', 'Monthly']);
    expect(within(how).getByLabelText('Monthly')).toBeChecked();
    await user.click(screen.getByLabelText('£20.00'));
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email address'), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Donate £20.00 a month' }));
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toContain('/api/give/riverside/checkout');
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ amount: '20.00', frequency: 'monthly', page_id: 'pg1' });
    expect(await screen.findByText('Online giving is paused.')).toBeVisible();
  });

  it('DonationForm without online giving says so', () => {
    page([donationForm()], { giving: null });
    expect(screen.getByText('Online giving is not available on this page yet.')).toBeVisible();
  });
});
