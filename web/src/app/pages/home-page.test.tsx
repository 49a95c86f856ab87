import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { json, stubFetch } from '@/test/stub-fetch';
import { HASH_FOLLOW_MS } from '@/lib/use-hash-scroll';
import { HomePage } from './home-page';

function spyOnScroll() {
  return vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
}

/** A ResizeObserver (jsdom has none) whose reports the test makes: `resize()` reports to each. */
function stubResizeObserver() {
  const observers = new Set<{ callback: () => void; targets: Element[] }>();
  class FakeResizeObserver {
    private readonly entry: { callback: () => void; targets: Element[] };
    constructor(callback: () => void) {
      this.entry = { callback, targets: [] };
      observers.add(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    unobserve() {}
    disconnect() {
      observers.delete(this.entry);
    }
  }
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  return {
    resize: () => {
      for (const observer of [...observers]) observer.callback();
    },
    observed: () => [...observers].flatMap((observer) => observer.targets),
  };
}

/** Runs due timers and the promise callbacks they release, inside act(). */
async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** The home page with empty lists, its scrolling spied on and its layout's reports in the test's hands. */
function renderHome() {
  stubFetch({ '/api/news': json([]), '/api/events': json([]) });
  const scrollIntoView = spyOnScroll();
  const layout = stubResizeObserver();
  renderWithProviders(<HomePage />);
  return { scrollIntoView, layout };
}

describe('HomePage', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.location.hash = '#events';
  });

  afterEach(() => {
    window.location.hash = '';
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('scrolls to the section named in the URL hash after 100 ms', async () => {
    stubFetch({ '/api/news': json([]), '/api/events': json([]) });
    const scrollIntoView = spyOnScroll();
    renderWithProviders(<HomePage />);

    await advance(99);
    expect(scrollIntoView).not.toHaveBeenCalled();
    await advance(1);
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('events'));
    await advance(1000);
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
  });

  it('follows the section while the page above it changes height', async () => {
    const { scrollIntoView, layout } = renderHome();

    await advance(100);
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(layout.observed()).toEqual([document.getElementById('main-content') ?? document.body]);
    layout.resize(); // the observer's first report: the size the page already had
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    layout.resize(); // cards, code or images arrived above the section
    expect(scrollIntoView).toHaveBeenCalledTimes(2);
    expect(scrollIntoView.mock.contexts[1]).toBe(document.getElementById('events'));

    await advance(HASH_FOLLOW_MS);
    layout.resize();
    expect(scrollIntoView).toHaveBeenCalledTimes(2);
    expect(layout.observed()).toEqual([]);
  });

  it('leaves the page alone once the visitor scrolls', async () => {
    const { scrollIntoView, layout } = renderHome();

    await advance(100);
    layout.resize();
    window.dispatchEvent(new Event('wheel'));
    layout.resize();
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(layout.observed()).toEqual([]);
  });
});
