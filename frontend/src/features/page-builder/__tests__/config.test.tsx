import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { BLOCK_TYPES } from '@/public/pages/render/types';
import { buildConfig } from '../config';

const configFor = (pageType: 'landing' | 'donation') =>
  buildConfig({ t: i18n.t.bind(i18n), pageType, funds: [], upload: async () => 'key' });

describe('the builder’s blocks', () => {
  it('offers every block of the contract, each with fields for exactly its props', () => {
    const config = configFor('landing');
    expect(Object.keys(config.components).sort()).toEqual([...BLOCK_TYPES].sort());
    expect(Object.keys(config.components.Hero.fields ?? {}).sort()).toEqual(
      ['align', 'cta_href', 'cta_label', 'heading', 'image_key', 'subheading'].sort(),
    );
    expect(Object.keys(config.components.DonationForm.fields ?? {}).sort()).toEqual(
      [
        'allow_annual',
        'allow_monthly',
        'default_frequency',
        'fund_id',
        'heading',
        'presets',
      ].sort(),
    );
    expect(Object.keys(config.components.Video.fields ?? {}).sort()).toEqual([
      'provider',
      'title',
      'video_id',
    ]);
  });

  it('on a donation page the donation form cannot be deleted, duplicated or added twice', () => {
    expect(configFor('donation').components.DonationForm.permissions).toMatchObject({
      delete: false,
      duplicate: false,
      insert: false,
    });
    const landing = configFor('landing').components.DonationForm.permissions ?? {};
    expect(landing.delete).not.toBe(false);
    expect(landing.insert).not.toBe(false);
  });

  it('columns take any block but columns and the donation form', () => {
    const fields = configFor('landing').components.Columns.fields as Record<string, unknown>;
    for (const slot of ['left', 'middle', 'right'] as const) {
      expect(fields[slot]).toMatchObject({ type: 'slot', disallow: ['Columns', 'DonationForm'] });
    }
  });

  it('renders each block with the public renderer’s component', () => {
    const config = configFor('landing');
    const Hero = config.components.Hero.render as unknown as (
      props: Record<string, unknown>,
    ) => React.ReactElement;
    render(
      <Hero
        id="h"
        heading="Feed a family"
        subheading=""
        image_key={null}
        align="left"
        cta_label="Give"
        cta_href="javascript:alert(1)"
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Feed a family' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Give' })).toBeNull();
  });
});
