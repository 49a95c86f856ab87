import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSingleSubmission } from './use-single-submission';

describe('useSingleSubmission', () => {
  it('runs one submission at a time and is pending while it runs', async () => {
    const { result } = renderHook(() => useSingleSubmission());
    let finish: () => void = () => {};
    const work = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));

    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.run(work);
    });
    expect(result.current.pending).toBe(true);
    await act(() => result.current.run(work));
    expect(work).toHaveBeenCalledTimes(1);

    await act(async () => {
      finish();
      await first;
    });
    expect(result.current.pending).toBe(false);
    await act(() => result.current.run(() => Promise.resolve()));
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('ignores a submit event outright while a submission runs', () => {
    const { result } = renderHook(() => useSingleSubmission());
    const submit = vi.fn(() => Promise.resolve());
    act(() => {
      void result.current.run(() => new Promise<void>(() => {}));
    });
    const preventDefault = vi.fn();
    const event = { preventDefault } as unknown as Parameters<ReturnType<typeof result.current.onSubmit>>[0];
    result.current.onSubmit(submit)(event);
    expect(submit).not.toHaveBeenCalled();
    expect(preventDefault).toHaveBeenCalled();
  });

  it('tells whether the form is still mounted', () => {
    const { result, unmount } = renderHook(() => useSingleSubmission());
    const { isMounted } = result.current;
    expect(isMounted()).toBe(true);
    unmount();
    expect(isMounted()).toBe(false);
  });
});
