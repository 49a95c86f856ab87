import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver } from '@/test/intersection-observer';
import { NEAR_VIEWPORT_MARGIN, lazyNearViewport, whenNearViewport } from './near-viewport';

/** Whether the promise has settled, after the pending callbacks ran. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return done;
}

describe('whenNearViewport', () => {
  beforeEach(() => {
    document.body.innerHTML = '<section id="contribution"></section>';
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('resolves once the anchor comes within the margin of the viewport, then stops watching', async () => {
    const viewport = stubIntersectionObserver();
    const near = whenNearViewport('contribution');

    expect(viewport.observers).toHaveLength(1);
    expect(viewport.observers[0]?.options?.rootMargin).toBe(NEAR_VIEWPORT_MARGIN);
    expect(viewport.observers[0]?.targets).toEqual([document.getElementById('contribution')]);
    viewport.report(false); // the observer's first report: still far away
    expect(await settled(near)).toBe(false);

    viewport.report(true);
    expect(await settled(near)).toBe(true);
    expect(viewport.observers[0]?.disconnected).toBe(true);
  });

  it('waits for an anchor drawn later, as after a client-side navigation', async () => {
    document.body.innerHTML = '';
    const viewport = stubIntersectionObserver();
    const near = whenNearViewport('contribution');
    expect(viewport.observers).toHaveLength(0);

    document.body.innerHTML = '<section id="contribution"></section>';
    await vi.waitFor(() => expect(viewport.observers).toHaveLength(1));
    expect(await settled(near)).toBe(false);
    viewport.report(true);
    expect(await settled(near)).toBe(true);
  });

  it('does not wait for ever on an anchor that is never drawn', async () => {
    document.body.innerHTML = '';
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
    const viewport = stubIntersectionObserver();
    let done = false;
    void whenNearViewport('contribution').then(() => (done = true));

    await vi.advanceTimersByTimeAsync(1999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(viewport.observers).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0); // and it stopped looking for it
  });

  it('stops watching, and never resolves, once its signal aborts', async () => {
    const viewport = stubIntersectionObserver();
    const closed = new AbortController();
    const near = whenNearViewport('contribution', closed.signal);
    closed.abort();
    expect(viewport.observers[0]?.disconnected).toBe(true);
    viewport.report(true);
    expect(await settled(near)).toBe(false);
  });

  it('resolves at once where the browser has no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    expect(await settled(whenNearViewport('contribution'))).toBe(true);
  });
});

describe('lazyNearViewport', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('fetches the code only once its section nears the viewport, showing the fallback until then', async () => {
    const viewport = stubIntersectionObserver();
    const load = vi.fn(() => Promise.resolve({ default: () => <p>The form</p> }));
    const Form = lazyNearViewport('far-section', load);

    render(
      <section id="far-section">
        <Suspense fallback={<p>Loading the form…</p>}>
          <Form />
        </Suspense>
      </section>,
    );
    await screen.findByText('Loading the form…');
    await vi.waitFor(() => expect(viewport.observers).toHaveLength(1));
    expect(load).not.toHaveBeenCalled();

    await act(async () => {
      viewport.report(true);
      await Promise.resolve();
    });
    await screen.findByText('The form');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
