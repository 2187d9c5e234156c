import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageDetail } from '@/features/landing/__tests__/fixtures';
import { SaveStatus } from '../SaveStatus';

describe('the builder’s save status', () => {
  it('names the block and prop of each refused path from a 422', () => {
    render(
      <SaveStatus
        state="invalid"
        message="The page has errors."
        errors={{
          'data.content.1.props.presets': ['Amounts must go up.'],
          'data.content': ['A donation page needs its donation form.'],
        }}
        data={pageDetail().data}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Not saved: please correct the page');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The page has errors.');
    expect(alert).toHaveTextContent('2 (Donation form) · presets: Amounts must go up.');
    expect(alert).toHaveTextContent('content: A donation page needs its donation form.');
  });

  it('says Saving… then Saved, with nothing alarming', () => {
    const data = pageDetail().data;
    const { rerender } = render(
      <SaveStatus state="saving" message={null} errors={{}} data={data} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Saving…');
    rerender(<SaveStatus state="saved" message={null} errors={{}} data={data} />);
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers a reload after someone else saved the page (409)', () => {
    render(
      <SaveStatus
        state="conflict"
        message="This page was changed by someone else."
        errors={{}}
        data={pageDetail().data}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This page was changed by someone else.');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeVisible();
  });
});
