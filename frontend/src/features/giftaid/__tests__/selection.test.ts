import { describe, expect, it } from 'vitest';
import type { ClaimRow } from '../api';
import { summarise } from '../selection';
import { buildPhase, buildPercent, buildPollMs } from '../useClaimBuild';
import type { Claim } from '../api';

const totals = { count: 120, donation_total: '4321.10', gift_aid_total: '1080.28' };
const rows = new Map<string, ClaimRow>(
  [
    { id: 'a', date: '2026-01-02', amount: '10.00', gift_aid: '2.50' },
    { id: 'b', date: '2026-01-03', amount: '0.10', gift_aid: '0.03' },
    { id: 'c', date: '2026-01-04', amount: '1000.05', gift_aid: '250.01' },
  ].map((row) => [row.id, row]),
);

describe('New Claim selection', () => {
  it('with nothing selected claims all, with the server totals across every page', () => {
    expect(summarise({ mode: 'all' }, totals, rows)).toEqual({
      count: 120,
      donationTotal: '4321.10',
      giftAidTotal: '1080.28',
      request: { all: true },
    });
  });

  it('sums the selected rows exactly (in pence, no float drift)', () => {
    const summary = summarise({ mode: 'some', ids: ['a', 'b', 'c', 'a'] }, totals, rows);
    expect(summary.count).toBe(3);
    expect(summary.donationTotal).toBe('1010.15');
    expect(summary.giftAidTotal).toBe('252.54');
    expect(summary.request).toEqual({ donation_ids: ['a', 'b', 'c'] });
  });

  it('cannot create an empty claim', () => {
    expect(summarise({ mode: 'all' }, { ...totals, count: 0 }, rows).request).toBeNull();
    expect(summarise({ mode: 'some', ids: ['unknown'] }, totals, rows).request).toBeNull();
  });
});

describe('claim build progress', () => {
  const claim = (change: Partial<Claim>): Claim =>
    ({
      state: 'draft',
      build_status: 'building',
      progress: { done: 1, total: 4 },
      counts: { requested: 0, donations: 3, lines: 0, skipped: 0 },
      problems: [],
      files_ready: false,
      ...change,
    }) as Claim;

  it('goes building → sealing → sealed', () => {
    expect(buildPhase(claim({}))).toBe('building');
    expect(buildPercent(claim({}), 'building')).toBe(20);
    // Built: the build itself checks and seals it (the page asks for nothing).
    expect(buildPhase(claim({ build_status: 'ready' }))).toBe('sealing');
    expect(buildPhase(claim({ build_status: 'ready', state: 'sealed' }))).toBe('sealing');
    expect(buildPhase(claim({ state: 'sealed', files_ready: true }))).toBe('sealed');
  });

  it('stops for review when pre-flight finds problems or nothing was attached', () => {
    const problem = { line: 1, field: 'postcode', key: 'hmrc.postcode' };
    expect(buildPhase(claim({ build_status: 'ready', problems: [problem] }))).toBe('needs_review');
    const empty = { requested: 1, donations: 0, lines: 0, skipped: 1 };
    expect(buildPhase(claim({ build_status: 'ready', counts: empty }))).toBe('needs_review');
  });
});

describe('claim build polling', () => {
  it('reads a new claim every 250 ms for its first 12 reads, then every second', () => {
    expect(buildPollMs(0)).toBe(250);
    expect(buildPollMs(11)).toBe(250);
    expect(buildPollMs(12)).toBe(1000);
    expect(buildPollMs(100)).toBe(1000);
  });
});
