import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Link, Route, Switch } from 'wouter';
import { renderWithProviders } from '@/test/render-with-providers';
import { RouteFocus, spokenText } from './route-focus';

/** A page whose heading arrives later, as a lazily loaded page with its data does. */
function SlowPage() {
  const [loaded, setLoaded] = useState(false);
  return loaded ? (
    <h1>Slow page</h1>
  ) : (
    <button type="button" onClick={() => setLoaded(true)}>
      load
    </button>
  );
}

function Pages() {
  return (
    <>
      <main id="main-content" tabIndex={-1}>
        <Switch>
          <Route path="/">
            <h1>
              <span className="sr-only">Honoring Freedom, Sacrifice and Unity</span>
              <span aria-hidden="true">Honoring Freedom</span>
            </h1>
            <Link href="/about">About</Link>
          </Route>
          <Route path="/about">
            <h1>About Us</h1>
            <Link href="/slow">Slow</Link>
          </Route>
          <Route path="/slow" component={SlowPage} />
          <Route path="/while-loading">
            {/* What React leaves of the previous page while the next one loads. */}
            <div style={{ display: 'none' }}>
              <h1>Previous page</h1>
            </div>
            <SlowPage />
          </Route>
        </Switch>
      </main>
      <RouteFocus />
    </>
  );
}

const status = () => screen.getByRole('status');

describe('RouteFocus', () => {
  it('leaves focus alone on the first load', () => {
    renderWithProviders(<Pages />);
    expect(document.activeElement).toBe(document.body);
    expect(status().textContent).toBe('');
  });

  it('after a navigation focuses the new h1 (tabindex -1) and announces it', async () => {
    const { location } = renderWithProviders(<Pages />);
    act(() => location.navigate('/about'));
    const heading = screen.getByRole('heading', { level: 1, name: 'About Us' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(status().textContent).toBe('Navigated to About Us');
  });

  it('waits for a heading that arrives later', async () => {
    const { location } = renderWithProviders(<Pages />);
    act(() => location.navigate('/slow'));
    expect(document.activeElement).toBe(document.body);
    act(() => screen.getByRole('button', { name: 'load' }).click());
    const heading = screen.getByRole('heading', { level: 1, name: 'Slow page' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(status().textContent).toBe('Navigated to Slow page');
  });

  it('announces what a screen reader reads of the heading, without its aria-hidden part', async () => {
    const { location } = renderWithProviders(<Pages />, { path: '/about' });
    act(() => location.navigate('/'));
    await waitFor(() => expect(status().textContent).toBe('Navigated to Honoring Freedom, Sacrifice and Unity'));
    expect(spokenText(screen.getByRole('heading', { level: 1 }))).toBe('Honoring Freedom, Sacrifice and Unity');
  });

  it("skips the previous page's heading that React keeps hidden while the next page loads", async () => {
    const { location } = renderWithProviders(<Pages />);
    act(() => location.navigate('/while-loading'));
    act(() => screen.getByRole('button', { name: 'load' }).click());
    const heading = screen.getByRole('heading', { level: 1, name: 'Slow page' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(status().textContent).toBe('Navigated to Slow page');
  });
});
