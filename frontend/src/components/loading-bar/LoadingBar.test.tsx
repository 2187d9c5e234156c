import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadingBar } from './LoadingBar';
import { loadingBar } from './store';

const width = () => parseFloat((screen.getByTestId('loading-bar') as HTMLElement).style.width);

describe('loading bar', () => {
  afterEach(() => vi.useRealTimers());

  it('is 3 px high, advances every 100 ms without passing 95%, then completes in green', () => {
    vi.useFakeTimers();
    render(<LoadingBar />);
    const bar = screen.getByTestId('loading-bar');
    expect(bar.style.height).toBe('3px');
    act(() => loadingBar.start());
    act(() => vi.advanceTimersByTime(100));
    const first = width();
    expect(first).toBeGreaterThanOrEqual(0);
    act(() => vi.advanceTimersByTime(60_000));
    expect(width()).toBeGreaterThan(first);
    expect(width()).toBeLessThanOrEqual(95);
    act(() => loadingBar.finish());
    expect(width()).toBe(100);
    expect(bar.style.backgroundColor).toBe('rgb(0, 181, 73)');
  });

  it('turns red when loading fails', () => {
    render(<LoadingBar />);
    act(() => {
      loadingBar.start();
      loadingBar.fail();
    });
    expect(screen.getByTestId('loading-bar')).toHaveAttribute('data-state', 'failed');
    expect(screen.getByTestId('loading-bar').style.backgroundColor).toBe('red');
  });
});
