import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { CODE_UNAVAILABLE, loadCode } from '@/lib/load-code';

export type LazyResolver<T extends FieldValues> = Resolver<T> & {
  /** Starts loading the resolver's code, e.g. when the visitor starts on the form. */
  preload: () => void;
};

/**
 * A form resolver whose code (its schema, and zod with it) loads on first use instead of with the
 * page: a page evaluates every schema it imports as its code loads, which was the longest task of
 * the membership page (docs/decisions/038). When the code cannot load, validation answers a
 * form-level error (`errors.root`) with a clear message, and a later submit tries again.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): LazyResolver<T> {
  let loading: Promise<Resolver<T>> | undefined;
  const loaded = () => {
    loading ??= loadCode(load).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<T> = async (values, context, options) => {
    let resolve: Resolver<T>;
    try {
      resolve = await loaded();
    } catch {
      // A form-level error; react-hook-form's generic field map cannot name `root` for any T.
      const errors = { root: { type: 'unavailable', message: CODE_UNAVAILABLE } } as FieldErrors<T>;
      return { values: {}, errors };
    }
    return resolve(values, context, options);
  };
  return Object.assign(resolver, { preload: () => void loaded().catch(() => undefined) });
}
