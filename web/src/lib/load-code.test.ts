import { describe, expect, it } from 'vitest';
import { CODE_UNAVAILABLE, loadCode } from './load-code';

describe('loadCode', () => {
  it('answers what was loaded', async () => {
    expect(await loadCode(() => Promise.resolve({ answer: 42 }))).toEqual({ answer: 42 });
  });

  it('rejects with a message for the visitor instead of the browser’s', async () => {
    const failed = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    await expect(loadCode(failed)).rejects.toThrow(CODE_UNAVAILABLE);
    await expect(loadCode(failed, 'The card form could not load.')).rejects.toThrow('The card form could not load.');
  });
});
