import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { CODE_UNAVAILABLE } from '@/lib/load-code';
import { lazyResolver } from './lazy-resolver';

type Values = { name: string };
const options = { fields: {}, shouldUseNativeValidation: false };
const accepting: Resolver<Values> = (values) => ({ values, errors: {} });

describe('lazyResolver', () => {
  it('loads its code on first use, once, and answers as the loaded resolver does', async () => {
    const load = vi.fn(() => Promise.resolve(accepting));
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();

    expect(await resolver({ name: 'Ada' }, undefined, options)).toEqual({ values: { name: 'Ada' }, errors: {} });
    expect(await resolver({ name: 'Bo' }, undefined, options)).toEqual({ values: { name: 'Bo' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts loading on preload, before the first validation', async () => {
    const load = vi.fn(() => Promise.resolve(accepting));
    const resolver = lazyResolver(load);
    resolver.preload();
    resolver.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await resolver({ name: 'Ada' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('answers a form-level error when its code cannot load, and tries again on the next use', async () => {
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(accepting);
    const resolver = lazyResolver(load);

    expect(await resolver({ name: 'Ada' }, undefined, options)).toEqual({
      values: {},
      errors: { root: { type: 'unavailable', message: CODE_UNAVAILABLE } },
    });
    expect(await resolver({ name: 'Ada' }, undefined, options)).toEqual({ values: { name: 'Ada' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
