import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { useAutosave } from '../useAutosave';

type Draft = { title: string };

function setUp(save: (data: Draft, version: number) => Promise<{ version: number }>) {
  return renderHook(() => useAutosave<Draft>({ version: 3, save, delay: 1000 }));
}

describe('the builder’s autosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for a pause in typing, then saves only the latest draft with its version', async () => {
    const save = vi.fn(async (_data: Draft, version: number) => ({ version: version + 1 }));
    const { result } = setUp(save);
    act(() => result.current.schedule({ title: 'W' }));
    await act(async () => vi.advanceTimersByTime(600));
    act(() => result.current.schedule({ title: 'Winter' }));
    expect(result.current.state).toBe('pending');
    expect(result.current.dirty).toBe(true);
    await act(async () => vi.advanceTimersByTime(999));
    expect(save).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ title: 'Winter' }, 3);
    expect(result.current.state).toBe('saved');
    expect(result.current.dirty).toBe(false);

    act(() => result.current.schedule({ title: 'Winter appeal' }));
    await act(async () => vi.advanceTimersByTime(1000));
    expect(save).toHaveBeenLastCalledWith({ title: 'Winter appeal' }, 4);
  });

  it('sends a change made during a save after it, with the version that save answered', async () => {
    let finish: (value: { version: number }) => void = () => {};
    const save = vi
      .fn<(data: Draft, version: number) => Promise<{ version: number }>>()
      .mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)))
      .mockImplementation(async (_data, version) => ({ version: version + 1 }));
    const { result } = setUp(save);
    act(() => result.current.schedule({ title: 'One' }));
    await act(async () => vi.advanceTimersByTime(1000));
    expect(result.current.state).toBe('saving');
    act(() => result.current.schedule({ title: 'Two' }));
    await act(async () => vi.advanceTimersByTime(1000));
    expect(save).toHaveBeenCalledTimes(1);
    await act(async () => finish({ version: 10 }));
    await act(async () => vi.advanceTimersByTime(1000));
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith({ title: 'Two' }, 10);
    expect(result.current.state).toBe('saved');
  });

  it('stops on a 409 and keeps the server’s message, never overwriting the other edit', async () => {
    const save = vi.fn(async () => {
      throw new ApiError(409, { message: 'This page was changed by someone else.' });
    });
    const { result } = setUp(save);
    act(() => result.current.schedule({ title: 'Mine' }));
    await act(async () => vi.advanceTimersByTime(1000));
    expect(result.current.state).toBe('conflict');
    expect(result.current.message).toBe('This page was changed by someone else.');
    act(() => result.current.schedule({ title: 'Mine again' }));
    await act(async () => vi.advanceTimersByTime(5000));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('keeps a 422’s errors by path until a later save passes', async () => {
    const save = vi
      .fn<(data: Draft, version: number) => Promise<{ version: number }>>()
      .mockRejectedValueOnce(
        new ApiError(422, {
          message: 'The page has errors.',
          errors: { 'data.content.2.props.href': ['Links must start with https: or mailto:.'] },
        }),
      )
      .mockResolvedValue({ version: 4 });
    const { result } = setUp(save);
    act(() => result.current.schedule({ title: 'Bad' }));
    await act(async () => vi.advanceTimersByTime(1000));
    expect(result.current.state).toBe('invalid');
    expect(result.current.errors).toEqual({
      'data.content.2.props.href': ['Links must start with https: or mailto:.'],
    });
    act(() => result.current.schedule({ title: 'Good' }));
    await act(async () => vi.advanceTimersByTime(1000));
    expect(result.current.state).toBe('saved');
    expect(result.current.errors).toEqual({});
  });

  it('flush saves what is waiting at once and answers the new version (for Publish)', async () => {
    const save = vi.fn(async (_data: Draft, version: number) => ({ version: version + 1 }));
    const { result } = setUp(save);
    act(() => result.current.schedule({ title: 'Now' }));
    let version = 0;
    await act(async () => {
      version = await result.current.flush();
    });
    expect(save).toHaveBeenCalledWith({ title: 'Now' }, 3);
    expect(version).toBe(4);
  });
});
