import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HERO_WORDS, HERO_WORD_INTERVAL_MS } from '../home-texts';
import { useRotatingWord } from './use-rotating-word';

/** Moves fake time forward inside act(), so React applies the resulting state updates. */
function advance(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('useRotatingWord', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('cycles Freedom, Sacrifice, Unity every 2500 ms and loops', () => {
    expect(HERO_WORDS).toEqual(['Freedom', 'Sacrifice', 'Unity']);
    expect(HERO_WORD_INTERVAL_MS).toBe(2500);

    const { result } = renderHook(() => useRotatingWord(HERO_WORDS, HERO_WORD_INTERVAL_MS));
    expect(result.current).toBe('Freedom');

    advance(2499);
    expect(result.current).toBe('Freedom');
    advance(1);
    expect(result.current).toBe('Sacrifice');
    advance(2500);
    expect(result.current).toBe('Unity');
    advance(2500);
    expect(result.current).toBe('Freedom');
  });

  it('stops its timer on unmount', () => {
    const { unmount } = renderHook(() => useRotatingWord(HERO_WORDS, HERO_WORD_INTERVAL_MS));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stays on its word, with no timer, while not running', () => {
    const { result, rerender } = renderHook(
      ({ running }) => useRotatingWord(HERO_WORDS, HERO_WORD_INTERVAL_MS, running),
      {
        initialProps: { running: true },
      },
    );
    advance(2500);
    expect(result.current).toBe('Sacrifice');
    rerender({ running: false });
    expect(vi.getTimerCount()).toBe(0);
    advance(10_000);
    expect(result.current).toBe('Sacrifice');
  });
});
