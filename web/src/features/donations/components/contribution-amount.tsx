import { type ContributionForm, CONTRIBUTION_STEP, MIN_CONTRIBUTION_DOLLARS, PRESET_AMOUNTS } from '@pillars/contracts';
import type { UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { inputClasses } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';
import { contributionTexts, presetLabel } from '../donations-texts';

type ContributionAmountProps = {
  register: UseFormRegister<ContributionForm>;
  setValue: UseFormSetValue<ContributionForm>;
  /** The amount rule's message when no preset or custom amount was chosen. */
  presetError?: string;
  /** The amount rule's message about the typed custom amount. */
  customError?: string;
};

const LEGEND_ID = 'contribution-amount-legend';
const PRESET_ERROR_ID = 'contribution-amount-error';
const CUSTOM_ERROR_ID = 'contribution-custom-amount-error';

/**
 * Preset amounts as real radio buttons drawn as buttons (arrow keys move between them), and a
 * custom amount. Product rule: choosing one clears the other. An amount error is shown beside the
 * field focus goes to on a failed submit (the first preset, or the custom amount when typed),
 * announced (role alert) and linked to it, like the other fields' errors.
 */
export function ContributionAmount({ register, setValue, presetError, customError }: ContributionAmountProps) {
  const preset = register('amount', {
    onChange: () => setValue('customAmount', ''),
  });
  const custom = register('customAmount', {
    onChange: (event: { target: { value: string } }) => {
      if (event.target.value !== '') setValue('amount', '');
    },
  });

  return (
    <fieldset>
      <legend id={LEGEND_ID} className="text-sm font-semibold text-navy-900">
        {contributionTexts.amountLegend}
      </legend>
      <div
        role="radiogroup"
        aria-labelledby={LEGEND_ID}
        aria-invalid={presetError ? true : undefined}
        aria-describedby={presetError ? PRESET_ERROR_ID : undefined}
        className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4"
      >
        {PRESET_AMOUNTS.map((dollars) => (
          <label key={dollars} className="relative block">
            <input
              {...preset}
              type="radio"
              value={String(dollars)}
              aria-describedby={presetError ? PRESET_ERROR_ID : undefined}
              className="peer sr-only"
            />
            <span
              className={cn(
                'flex min-h-12 cursor-pointer items-center justify-center rounded-md border-2 border-slate-300 bg-white text-lg font-bold text-navy-900 transition-colors hover:border-navy-700',
                presetError && 'border-crimson-600',
                'peer-checked:border-crimson-600 peer-checked:bg-crimson-600 peer-checked:text-white',
                'peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-navy-700',
              )}
            >
              {presetLabel(dollars)}
            </span>
          </label>
        ))}
      </div>
      {presetError ? (
        <p id={PRESET_ERROR_ID} role="alert" className="mt-2 text-sm text-crimson-700">
          {presetError}
        </p>
      ) : null}
      <div className="mt-4 max-w-xs">
        <label htmlFor="contribution-custom-amount" className="block text-sm font-semibold text-navy-900">
          {contributionTexts.customAmountLabel}
        </label>
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 mt-0.5 -translate-y-1/2 text-slate-500"
          >
            $
          </span>
          <input
            {...custom}
            id="contribution-custom-amount"
            type="number"
            inputMode="decimal"
            min={MIN_CONTRIBUTION_DOLLARS}
            step={CONTRIBUTION_STEP}
            placeholder="0.00"
            aria-invalid={customError ? true : undefined}
            aria-describedby={customError ? CUSTOM_ERROR_ID : undefined}
            className={cn(inputClasses, 'pl-7')}
          />
        </div>
        {customError ? (
          <p id={CUSTOM_ERROR_ID} role="alert" className="mt-1 text-sm text-crimson-700">
            {customError}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
