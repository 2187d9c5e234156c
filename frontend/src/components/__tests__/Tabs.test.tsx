import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from '../Tabs';

const TABS = [
  { id: 'one', label: 'Overview', content: <p>Overview panel</p> },
  { id: 'two', label: 'History', content: <p>History panel</p> },
  { id: 'off', label: 'Archive', content: <p>Archive panel</p>, disabled: true },
  { id: 'three', label: 'Notes', content: <p>Notes panel</p> },
];

describe('Tabs', () => {
  it('shows the first tab selected with its panel, labelled by the tab', () => {
    render(<Tabs label="Donor sections" tabs={TABS} />);
    expect(screen.getByRole('tablist', { name: 'Donor sections' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Overview' })).toHaveTextContent('Overview panel');
    expect(screen.queryByText('History panel')).not.toBeInTheDocument();
  });

  it('switches panels on click and reports the change', async () => {
    const onChange = vi.fn();
    render(<Tabs label="Sections" tabs={TABS} onChange={onChange} />);
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(screen.getByRole('tabpanel', { name: 'History' })).toHaveTextContent('History panel');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'false');
    expect(onChange).toHaveBeenCalledWith('two');
  });

  it('moves with arrow keys, Home and End, skipping disabled tabs and wrapping', async () => {
    render(<Tabs label="Sections" tabs={TABS} />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Notes' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Notes panel');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Notes' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Overview panel');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Notes panel');
    // only the selected tab is a tab stop
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tab', { name: 'Archive' })).toBeDisabled();
  });
});
