import { WAIVER_VERSION } from '@pillars/contracts';
import { CircleCheck, FileText } from 'lucide-react';
import { type Ref, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { cn } from '@/lib/cn';
import { waiverTexts } from '../memberships-texts';
import { WaiverDialog } from './waiver-dialog';

type WaiverSectionProps = {
  accepted: boolean;
  onAcceptedChange: (accepted: boolean) => void;
  /** The validation message ('You must read and accept…'), announced and tied to the button. */
  error?: string;
  /** Lets the form move focus here when the waiver is what blocks the submit. */
  buttonRef?: Ref<HTMLButtonElement>;
};

const ERROR_ID = 'membership-waiver-error';

/**
 * The waiver part of the membership form: an explanation and a button before acceptance,
 * 'Liability waiver accepted' and 'Review Again' after. One button element serves both states,
 * so the dialog's focus return always finds it.
 */
export function WaiverSection({ accepted, onAcceptedChange, error, buttonRef }: WaiverSectionProps) {
  const [open, setOpen] = useState(false);

  return (
    <div
      role="group"
      aria-labelledby="membership-waiver-heading"
      className={cn(
        'rounded-lg border p-5',
        accepted ? 'border-navy-100 bg-navy-50' : error ? 'border-crimson-600 bg-crimson-50' : 'border-slate-300',
      )}
    >
      <h3 id="membership-waiver-heading" className="font-display text-lg font-bold text-navy-900">
        {waiverTexts.sectionTitle}
        <span aria-hidden="true" className="text-crimson-600">
          {' '}
          *
        </span>
      </h3>
      {accepted ? (
        <p className="mt-2 flex items-center gap-2 font-semibold text-navy-900">
          <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-navy-700" />
          {waiverTexts.accepted}
        </p>
      ) : (
        <p className="mt-2 text-slate-700">{waiverTexts.explanation}</p>
      )}
      <p className="mt-1 text-sm text-slate-600">{waiverTexts.version(WAIVER_VERSION)}</p>

      <WaiverDialog
        open={open}
        onOpenChange={setOpen}
        onAccept={() => {
          setOpen(false);
          onAcceptedChange(true);
        }}
        onDecline={() => {
          // Declining withdraws any earlier acceptance: nothing is paid without an accepted waiver.
          setOpen(false);
          onAcceptedChange(false);
        }}
      >
        <button
          ref={buttonRef}
          type="button"
          aria-describedby={error ? ERROR_ID : undefined}
          className={buttonClasses('secondary', 'mt-4 w-full sm:w-auto')}
        >
          <FileText aria-hidden="true" className="size-5" />
          {accepted ? waiverTexts.reviewAgain : waiverTexts.open}
        </button>
      </WaiverDialog>

      {error ? (
        <p id={ERROR_ID} role="alert" className="mt-3 text-sm font-semibold text-crimson-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
