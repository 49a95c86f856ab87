import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { json, stubFetch } from '@/test/stub-fetch';
import { HomePage } from './home-page';

function spyOnScroll() {
  return vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
}

/** Runs due timers and the promise callbacks they release, inside act(). */
async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('HomePage', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.location.hash = '#events';
  });

  afterEach(() => {
    window.location.hash = '';
    vi.restoreAllMocks();
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

  it('aligns the section again when slower content has loaded', async () => {
    const slow = () => new Promise<Response>((resolve) => setTimeout(() => resolve(Response.json([])), 500));
    stubFetch({ '/api/news': slow, '/api/events': slow });
    const scrollIntoView = spyOnScroll();
    renderWithProviders(<HomePage />);

    await advance(100);
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    await advance(500);
    expect(scrollIntoView).toHaveBeenCalledTimes(2);
    expect(scrollIntoView.mock.contexts[1]).toBe(document.getElementById('events'));
  });

  it('leaves the page alone once the visitor scrolls', async () => {
    const slow = () => new Promise<Response>((resolve) => setTimeout(() => resolve(Response.json([])), 500));
    stubFetch({ '/api/news': slow, '/api/events': slow });
    const scrollIntoView = spyOnScroll();
    renderWithProviders(<HomePage />);

    await advance(100);
    window.dispatchEvent(new Event('wheel'));
    await advance(500);
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
  });
});
