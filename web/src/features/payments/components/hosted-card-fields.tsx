import { type RefObject, useEffect, useRef } from 'react';
import { cn } from '@/lib/cn';
import { CARD_FIELD_IDS, hostedFieldTexts } from '../payments-texts';

type HostedCardFieldsProps = {
  /** The provider's error, if any (from useHostedCardFields). */
  error?: string | null;
  /** Whether the fields are ready; other errors only matter while they are not. */
  ready?: boolean;
  /** The fields were cleared after an attempt and mounted again (useHostedCardFields). */
  cleared?: boolean;
  /** The provider's reason for declining the last attempt (useCardPayment), shown until the visitor changes something. */
  declined?: string | null;
  /** Called when the visitor edits the form the fields belong to: the decline is about what was there before. */
  onDismissDecline?: () => void;
  className?: string;
};

const fields = [
  { id: CARD_FIELD_IDS.number, label: hostedFieldTexts.cardNumber, span: 'col-span-6' },
  { id: CARD_FIELD_IDS.expiry, label: hostedFieldTexts.expiry, span: 'col-span-3 sm:col-span-2' },
  { id: CARD_FIELD_IDS.cvv, label: hostedFieldTexts.cvv, span: 'col-span-3 sm:col-span-2' },
  { id: CARD_FIELD_IDS.zip, label: hostedFieldTexts.zip, span: 'col-span-6 sm:col-span-2' },
] as const;

/**
 * The card form's state as the visitor sees it: loading (the provider's script or fields are not
 * there yet), ready, or unavailable (they failed to load; the error text says what to do).
 */
export type CardFieldsStatus = 'loading' | 'ready' | 'unavailable';

/** A card the provider rejected leaves the fields usable; any other error before ready means they failed. */
export function cardFieldsStatus({
  ready,
  error,
}: {
  ready: boolean;
  error: string | null | undefined;
}): CardFieldsStatus {
  if (ready) return 'ready';
  return error && !error.startsWith('NOT_VALID') ? 'unavailable' : 'loading';
}

/** The payment form's submit label while the card fields load, or null when it shows its own. */
export function cardLoadingLabel(card: { ready: boolean; error: string | null | undefined }): string | null {
  return cardFieldsStatus(card) === 'loading' ? hostedFieldTexts.loadingSubmit : null;
}

/** HostedCardFields' props from a card payment's state (useCardPayment), as every payment form passes them. */
export function cardFieldsProps(card: {
  error: string | null;
  ready: boolean;
  cleared: boolean;
  declined: string | null;
  dismissDecline: () => void;
}): HostedCardFieldsProps {
  return {
    error: card.error,
    ready: card.ready,
    cleared: card.cleared,
    declined: card.declined,
    onDismissDecline: card.dismissDecline,
  };
}

/** How often the focused field is checked while focus is inside the provider's iframes. */
const FRAME_FOCUS_POLL_MS = 150;

/**
 * Marks the container whose provider iframe has focus (`data-frame-focused`). Chromium does not
 * match `:focus-within` on the ancestors of a focused cross-origin iframe, and the page gets no
 * event when focus moves from one of the provider's iframes to the next, so while the window is
 * blurred (focus inside a frame) the active element is checked every FRAME_FOCUS_POLL_MS.
 */
function useFrameFocusMarker(): void {
  useEffect(() => {
    let poll = 0;
    const mark = () => {
      const active = document.activeElement;
      for (const id of Object.values(CARD_FIELD_IDS)) {
        const container = document.getElementById(id);
        container?.toggleAttribute(
          'data-frame-focused',
          active instanceof HTMLIFrameElement && container.contains(active),
        );
      }
    };
    const onBlur = () => {
      window.setTimeout(mark, 0);
      window.clearInterval(poll);
      poll = window.setInterval(mark, FRAME_FOCUS_POLL_MS);
    };
    const onFocus = () => {
      window.clearInterval(poll);
      mark();
    };
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', onFocus);
      window.clearInterval(poll);
    };
  }, []);
}

const ERROR_ID = 'hosted-card-fields-error';
const NOTE_ID = 'hosted-card-fields-note';
const DECLINE_ID = 'hosted-card-fields-declined';

/** Any edit of the form around the fields (the amount, a name) calls `onEdit` while `active`. */
function useFormEdits(fieldset: RefObject<HTMLFieldSetElement | null>, active: boolean, onEdit?: () => void) {
  useEffect(() => {
    const form = fieldset.current?.form;
    if (!active || !form || !onEdit) return;
    form.addEventListener('input', onEdit);
    form.addEventListener('change', onEdit);
    return () => {
      form.removeEventListener('input', onEdit);
      form.removeEventListener('change', onEdit);
    };
  }, [fieldset, active, onEdit]);
}

/**
 * What the visitor can act on: a card the provider rejects, or fields that never became ready.
 * Errors while paying (timeouts, declines) reach the visitor through the payment toast instead.
 */
function visibleError(error: string | null | undefined, ready: boolean): string | null {
  if (!error) return null;
  if (error.startsWith('NOT_VALID')) return hostedFieldTexts.invalid;
  return ready ? null : hostedFieldTexts.unavailable;
}

/**
 * The containers the provider's SDK mounts its card iframes into. React renders them empty and
 * never touches their children, so the SDK owns what is inside. Each container is a labelled
 * group; the iframe inside carries its own title from the SDK. After an attempt the fields come
 * back empty; a polite status, in the page from the start so screen readers announce its change,
 * says why. A declined card is said beside the fields, with the provider's reason, as an alert
 * (announced when it appears) that the fields' group names in its description; it stays until
 * the visitor changes something (pays again, enters a valid card, edits the form). Focus is not
 * moved: it stays where the visitor left it (the submit button, which stays focusable).
 *
 * While the fields load, each box shows a skeleton of its own size over the (not yet usable)
 * frame and the group is `aria-busy`, so nothing moves when they arrive and nobody types into a
 * dead box. A container draws the focus ring when the provider's iframe inside it has focus
 * (`:focus-within`, and `data-frame-focused` where the browser does not match it): the outline
 * inside the iframe is the provider's and barely visible.
 */
export function HostedCardFields({
  error,
  ready = false,
  cleared = false,
  declined = null,
  onDismissDecline,
  className,
}: HostedCardFieldsProps) {
  useFrameFocusMarker();
  const fieldset = useRef<HTMLFieldSetElement>(null);
  useFormEdits(fieldset, declined !== null, onDismissDecline);
  const message = visibleError(error, ready);
  const loading = cardFieldsStatus({ ready, error }) === 'loading';
  const describedBy = [declined ? DECLINE_ID : null, message ? ERROR_ID : null, cleared ? NOTE_ID : null]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset
      ref={fieldset}
      className={cn('min-w-0', className)}
      aria-describedby={describedBy || undefined}
      aria-busy={loading ? true : undefined}
    >
      <legend className="text-sm font-semibold text-navy-900">{hostedFieldTexts.legend}</legend>
      {declined ? (
        <div
          id={DECLINE_ID}
          role="alert"
          className="mt-2 rounded-md border border-crimson-600/30 bg-crimson-50 px-3 py-2 text-sm text-crimson-800"
        >
          <p className="font-semibold">{hostedFieldTexts.declinedTitle}</p>
          <p>{declined}</p>
        </div>
      ) : null}
      <div className="mt-2 grid grid-cols-6 gap-4">
        {fields.map((field) => (
          <div key={field.id} className={field.span}>
            <span id={`${field.id}-label`} className="block text-sm font-medium text-slate-700">
              {field.label}
            </span>
            <div className="relative mt-1">
              <div
                id={field.id}
                role="group"
                aria-labelledby={`${field.id}-label`}
                className="h-11 overflow-hidden rounded-md border border-slate-300 bg-white px-3 focus-within:border-navy-700 focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-navy-700 data-frame-focused:border-navy-700 data-frame-focused:outline-3 data-frame-focused:outline-offset-2 data-frame-focused:outline-navy-700 [&_iframe]:block [&_iframe]:h-full [&_iframe]:w-full [&_iframe]:border-0"
              />
              {loading ? (
                <div
                  aria-hidden="true"
                  data-card-field-skeleton=""
                  className="pointer-events-none absolute inset-0 rounded-md border border-slate-200 bg-slate-100 motion-safe:animate-pulse"
                />
              ) : null}
            </div>
          </div>
        ))}
      </div>
      {message ? (
        <p id={ERROR_ID} role="alert" className="mt-2 text-sm text-crimson-700">
          {message}
        </p>
      ) : null}
      <p id={NOTE_ID} role="status" className={cn('text-sm text-navy-900', cleared && 'mt-2')}>
        {cleared ? hostedFieldTexts.cleared : null}
      </p>
      <p className="mt-2 text-xs text-slate-600">{hostedFieldTexts.secureNote}</p>
    </fieldset>
  );
}
