import type { PageDetail, PageRow } from '../api';

export function pageRow(overrides: Partial<PageRow> = {}): PageRow {
  return {
    id: 'pg1',
    title: 'Winter appeal',
    slug: 'winter-appeal',
    type: 'donation',
    status: 'published',
    updated_at: '2026-11-20T10:00:00Z',
    updated_by_name: 'Grace Hopper',
    published_at: '2026-11-20T10:00:00Z',
    published_version: 2,
    has_unpublished_changes: false,
    visits: 1234,
    donations: 40,
    raised: '1500.00',
    gift_aid_rate: '0.42',
    public_url: '/p/riverside/winter-appeal',
    version: 7,
    ...overrides,
  };
}

export function pageDetail(overrides: Partial<PageDetail> = {}): PageDetail {
  return {
    ...pageRow(),
    locale: 'en',
    data: {
      root: { props: { title: 'Winter appeal' } },
      content: [
        {
          type: 'Hero',
          props: {
            id: 'hero-1',
            heading: 'Feed a family',
            subheading: '',
            image_key: null,
            align: 'left',
            cta_label: '',
            cta_href: '',
          },
        },
        {
          type: 'DonationForm',
          props: {
            id: 'donate-1',
            heading: 'Give today',
            presets: ['10.00', '25.00'],
            default_frequency: 'once',
            allow_monthly: true,
            allow_annual: false,
            fund_id: null,
          },
        },
      ],
    },
    ...overrides,
  };
}

export const list = (rows: PageRow[]) => ({
  data: rows,
  meta: { total: rows.length, page: 1, length: 25, next_cursor: null },
});

export const TEMPLATES = {
  data: [
    { id: 'blank', type: 'landing', title: 'Blank', description: 'An empty page.' },
    {
      id: 'appeal',
      type: 'donation',
      title: 'Appeal',
      description: 'A story and a donation form.',
    },
    {
      id: 'monthly',
      type: 'donation',
      title: 'Monthly giving',
      description: 'Ask for a monthly gift.',
    },
    { id: 'event', type: 'landing', title: 'Event', description: 'Tell people about an event.' },
  ],
};
