import { vi } from 'vitest';

/**
 * An IntersectionObserver whose reports the test makes (`report(true)`: every observed element is
 * near), in place of the setup's, which reports everything in view. Undone after each test.
 */
export function stubIntersectionObserver() {
  const observers: Array<{
    callback: IntersectionObserverCallback;
    options: IntersectionObserverInit | undefined;
    targets: Element[];
    disconnected: boolean;
  }> = [];
  class FakeIntersectionObserver {
    private readonly entry: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, options, targets: [], disconnected: false };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return {
    observers,
    /** Reports every observed element as in (or out of) the observer's margin. */
    report(isIntersecting: boolean) {
      for (const observer of observers.filter((o) => !o.disconnected)) {
        const entries = observer.targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
        observer.callback(entries, observer as unknown as IntersectionObserver);
      }
    },
  };
}
