import * as Dialog from '@radix-ui/react-dialog';
import { WAIVER_VERSION } from '@pillars/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { usePublicConfig } from '@/lib/use-public-config';
import { WAIVER_MAX_HEIGHT_PX, contentFits, reachedEnd } from '../lib/waiver-scroll';
import { waiverSections, waiverTexts } from '../memberships-texts';

type WaiverDialogProps = {
  open: boolean;
  /** Escape, a click outside or the trigger; the parent decides what closing means. */
  onOpenChange: (open: boolean) => void;
  onAccept: () => void;
  onDecline: () => void;
  /** The button that opens the waiver; Radix returns focus to it when the dialog closes. */
  children: ReactNode;
};

const declineClasses =
  'inline-flex min-h-11 items-center justify-center rounded-md border-2 border-navy-900 bg-white px-5 py-2.5 text-base font-semibold text-navy-900 transition-colors hover:bg-navy-50';

/**
 * The agreement and its two buttons. It mounts with each opening (Radix unmounts closed content),
 * so every reading starts unread: Decline, Escape or a later "Review Again" all reset the state.
 */
function WaiverAgreement({ onAccept, onDecline }: Pick<WaiverDialogProps, 'onAccept' | 'onDecline'>) {
  const { orgName } = usePublicConfig();
  const boxRef = useRef<HTMLDivElement>(null);
  const [atEnd, setAtEnd] = useState(false);

  // Content that already fits its box has nothing to scroll: check on open and whenever the box
  // changes size (rotation, window resize, zoom).
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const check = () => {
      if (contentFits(box)) setAtEnd(true);
    };
    check();
    window.addEventListener('resize', check);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
    observer?.observe(box);
    return () => {
      window.removeEventListener('resize', check);
      observer?.disconnect();
    };
  }, []);

  return (
    <>
      <div
        ref={boxRef}
        tabIndex={0}
        role="region"
        aria-label={waiverTexts.agreementLabel}
        style={{ maxHeight: WAIVER_MAX_HEIGHT_PX }}
        className="mt-4 min-h-0 overflow-y-auto overscroll-contain rounded-md border border-slate-300 bg-cream-50 p-4 text-sm leading-relaxed text-slate-800 sm:p-5"
        onScroll={(event) => {
          // Once reached, the end stays reached: scrolling back up to re-read does not lock Accept.
          if (reachedEnd(event.currentTarget)) setAtEnd(true);
        }}
      >
        {waiverSections(orgName).map((section) => (
          <section key={section.title} className="mb-5 last:mb-0">
            <h3 className="font-display text-base font-bold text-navy-900">{section.title}</h3>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-2">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </div>

      <p role="status" className="sr-only">
        {atEnd ? waiverTexts.endReached : ''}
      </p>

      <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={declineClasses} onClick={onDecline}>
          {waiverTexts.decline}
        </button>
        <button type="button" disabled={!atEnd} className={buttonClasses('primary')} onClick={onAccept}>
          {atEnd ? waiverTexts.accept : waiverTexts.scrollFirst}
        </button>
      </div>
    </>
  );
}

/**
 * The liability waiver in a modal. Radix traps focus inside, closes on Escape and
 * returns focus to the trigger. Accept stays disabled until the agreement has been scrolled to
 * within 15 px of its end (or fits its box within 5 px).
 */
export function WaiverDialog({ open, onOpenChange, onAccept, onDecline, children }: WaiverDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{children}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/70" />
        <Dialog.Content
          data-surface="light"
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white p-4 text-navy-900 shadow-2xl focus:outline-none sm:p-6"
        >
          <Dialog.Title className="font-display text-xl font-bold text-navy-900 sm:text-2xl">
            {waiverTexts.dialogTitle}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-700">
            {waiverTexts.dialogDescription}
          </Dialog.Description>
          <p className="mt-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {waiverTexts.version(WAIVER_VERSION)}
          </p>
          <WaiverAgreement onAccept={onAccept} onDecline={onDecline} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
