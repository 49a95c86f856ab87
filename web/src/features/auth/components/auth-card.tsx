import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { cn } from '@/lib/cn';

type AuthCardProps = {
  icon: LucideIcon;
  title: string;
  intro?: ReactNode;
  /** 'error' tints the icon red (an invalid link); otherwise it is navy. */
  tone?: 'default' | 'error';
  /**
   * Moves focus to the heading when the card appears, for a state that replaces a form (e.g.
   * 'Check Your Email'), so keyboard and screen reader users land on the news instead of on
   * nothing.
   */
  focusHeading?: boolean;
  children?: ReactNode;
};

/** The centered card of the sign-in pages: an icon, the page's one h1, an intro and the content. */
export function AuthCard({
  icon: Icon,
  title,
  intro,
  tone = 'default',
  focusHeading = false,
  children,
}: AuthCardProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading, title]);

  return (
    <div className="flex justify-center bg-cream-100 px-4 py-12 sm:px-6 sm:py-20">
      <section
        aria-labelledby={headingId}
        data-surface="light"
        className="w-full max-w-md rounded-xl border-t-4 border-crimson-600 bg-white px-5 py-8 shadow-md sm:px-8 sm:py-10"
      >
        <span
          className={cn(
            'mx-auto flex size-14 items-center justify-center rounded-full',
            tone === 'error' ? 'bg-crimson-50 text-crimson-700' : 'bg-navy-50 text-navy-700',
          )}
        >
          <Icon aria-hidden="true" className="size-7" />
        </span>
        <h1
          id={headingId}
          ref={headingRef}
          tabIndex={focusHeading ? -1 : undefined}
          className="mt-4 text-center font-display text-2xl font-bold break-words text-navy-900 sm:text-3xl"
        >
          {title}
        </h1>
        {intro ? <div className="mt-3 text-center text-slate-700">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </section>
    </div>
  );
}

/** A text link of the sign-in cards (to /login, /forgot-password). */
export const authLinkClasses =
  'rounded-sm font-semibold text-crimson-700 underline underline-offset-2 hover:text-crimson-800';
