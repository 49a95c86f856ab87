import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { layoutTexts } from './layout-texts';
import { RouteFocus } from './route-focus';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { TestModeBanner } from './test-mode-banner';

/** A screen tall, so the footer waits below the fold and never jumps when the page arrives. */
function PageLoading() {
  return (
    <p role="status" className="mx-auto min-h-screen max-w-7xl px-4 py-24 text-center text-slate-600">
      {layoutTexts.loadingPage}
    </p>
  );
}

/** Header, main landmark and footer around every page. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const shown = useRef<string | null>(null);

  // pushState keeps the old scroll position; a new page starts at the top unless it names a
  // section. Not on the first render: there the browser owns the position (a visitor who scrolled
  // a server-rendered page before it hydrated, a reload, Back), and moving it would also move
  // what they were about to tap from under their finger.
  useEffect(() => {
    const previous = shown.current;
    shown.current = location;
    if (previous !== null && previous !== location && !window.location.hash) window.scrollTo(0, 0);
  }, [location]);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-gold-400 px-4 py-2 font-semibold text-navy-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {layoutTexts.skipToContent}
      </a>
      <SiteHeader />
      <TestModeBanner />
      <main id="main-content" tabIndex={-1} className="flex-1">
        <Suspense fallback={<PageLoading />}>{children}</Suspense>
      </main>
      <SiteFooter />
      <RouteFocus />
    </div>
  );
}
