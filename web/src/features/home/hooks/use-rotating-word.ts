import { useEffect, useState } from 'react';

/**
 * Cycles through `words`, one step every `intervalMs`, looping back to the first. While
 * `running` is false it stays on the word it shows (the first, until it has run).
 */
export function useRotatingWord(words: readonly string[], intervalMs: number, running = true): string {
  const [index, setIndex] = useState(0);
  const count = words.length;

  useEffect(() => {
    if (count < 2 || !running) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [count, intervalMs, running]);

  return words[index % Math.max(count, 1)] ?? '';
}
