import { type ComponentType, createContext, lazy, useContext } from 'react';

/** Names of the lazy pages a server render drew, so the browser loads them before it hydrates. */
export const RenderedPagesContext = createContext<Set<string> | null>(null);

const preloaders = new Map<string, () => Promise<unknown>>();

type PageModule<P> = { default: ComponentType<P> };

/**
 * A page whose code loads on demand (the home page's first download stays small). Unlike a plain
 * React.lazy, a page whose code is already here renders at once, without suspending: the browser
 * loads the server-rendered page's code before hydrating (`preloadPages`), so hydration never
 * meets a missing page and never shows the loading fallback (docs/decisions/036).
 */
export function lazyPage<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then((module) => {
      loaded = module[name];
      return loaded;
    }));
  preloaders.set(name, preload);

  const Lazy = lazy<ComponentType<P>>(() => {
    if (!loaded) return preload().then((Page) => ({ default: Page }));
    const module: PageModule<P> = { default: loaded };
    // React.lazy reads a thenable that answers within `then` as loaded, and renders at once.
    const answered: PromiseLike<PageModule<P>> = {
      then: <T,>(onLoaded?: ((value: PageModule<P>) => T | PromiseLike<T>) | null) =>
        Promise.resolve(onLoaded ? onLoaded(module) : (module as T)),
    };
    return answered as Promise<PageModule<P>>;
  });

  function LazyPage(props: P) {
    useContext(RenderedPagesContext)?.add(name);
    return <Lazy {...props} />;
  }
  LazyPage.displayName = `LazyPage(${name})`;
  return LazyPage;
}

/** Loads the named pages' code; unknown names (an older server's list) are ignored. */
export async function preloadPages(names: readonly string[]): Promise<void> {
  await Promise.all(
    names.flatMap((name) => {
      const preload = preloaders.get(name);
      return preload ? [preload()] : [];
    }),
  );
}
