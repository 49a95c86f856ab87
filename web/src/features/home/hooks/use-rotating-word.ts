import { useEffect, useState } from 'react';

/** Cycles through `words`, one step every `intervalMs`, looping back to the first. */
export function useRotatingWord(words: readonly string[], intervalMs: number): string {
  const [index, setIndex] = useState(0);
  const count = words.length;

  useEffect(() => {
    if (count < 2) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [count, intervalMs]);

  return words[index % Math.max(count, 1)] ?? '';
}
