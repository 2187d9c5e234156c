import type { Data } from '@puckeditor/core';
import { describe, expect, it } from 'vitest';
import { pageDataOf } from '../page-data';

describe('the page JSON sent by autosave', () => {
  it('keeps the root title and the blocks, and leaves out what Puck adds (zones, its root fields)', () => {
    const puck = {
      root: { props: { title: 'River friends' }, readOnly: {} },
      content: [{ type: 'Hero', props: { id: 'hero', heading: 'Give' } }],
      zones: {},
    } as unknown as Data;
    expect(pageDataOf(puck)).toEqual({
      root: { props: { title: 'River friends' } },
      content: [{ type: 'Hero', props: { id: 'hero', heading: 'Give' } }],
    });
  });
});
