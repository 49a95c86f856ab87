import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/**
 * happy-dom lays nothing out, and its IntersectionObserver never reports. Components that load
 * a part when it nears the viewport (lazyNearViewport) would wait for ever, so here every
 * observed element is in view, reported on the next task as a browser does. A test of the
 * observing itself stubs its own (vi.stubGlobal, undone after each test).
 */
class EverythingInView implements IntersectionObserver {
  readonly root = null;
  readonly rootMargin = '0px';
  readonly scrollMargin = '0px';
  readonly thresholds = [0];
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const bounds = target.getBoundingClientRect();
      const entry = {
        target,
        isIntersecting: true,
        intersectionRatio: 1,
        boundingClientRect: bounds,
        intersectionRect: bounds,
        rootBounds: null,
        time: performance.now(),
      };
      this.callback([entry], this);
    }, 0);
    this.timers.add(timer);
  }
  unobserve(): void {}
  disconnect(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}
globalThis.IntersectionObserver = EverythingInView;

// Testing Library unmounts automatically only when vitest globals are on; we keep them off.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
