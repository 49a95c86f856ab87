import { type PricingTier, fewPlacesNotice, placesMessages } from '@pillars/contracts';
import { Check } from 'lucide-react';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '@/lib/cn';
import { eventsTexts, tierBenefitsLabel, tierPriceLabel } from '../events-texts';

type TicketTierOptionsProps = {
  /** Each tier with its places left (null: no limit; 0: sold out, so it cannot be chosen). */
  tiers: (PricingTier & { placesLeft?: number | null | undefined })[];
  /** The id of the checked tier; its benefits are shown, the others' are collapsed. */
  selected: string | undefined;
  /** `register('selectedTier')` of the form. */
  field: UseFormRegisterReturn<'selectedTier'>;
  error?: string;
  /** The whole event's places left: a tier with no tighter limit says nothing more than the event. */
  eventPlacesLeft?: number | null | undefined;
};

/** The tier shown with a POPULAR badge (product rule). */
const POPULAR_TIER_ID = 'vip';

/**
 * The ticket types of a paid event as native radio buttons (arrow keys move between them). Each
 * radio is named by the tier's name, badge and price and described by its description; the
 * checked tier expands its benefits list.
 */
export function TicketTierOptions({ tiers, selected, field, error, eventPlacesLeft }: TicketTierOptionsProps) {
  const baseId = useId();
  const errorId = `${baseId}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="min-w-0">
      <legend className="text-sm font-semibold text-navy-900">
        {eventsTexts.ticketLegend}
        <span aria-hidden="true" className="text-crimson-600">
          {' '}
          *
        </span>
      </legend>
      <div className="mt-2 space-y-3">
        {tiers.map((tier, index) => {
          const id = `${baseId}-tier-${index}`;
          const checked = tier.id === selected;
          const popular = tier.id === POPULAR_TIER_ID;
          const soldOut = tier.placesLeft === 0;
          const places = soldOut
            ? placesMessages.soldOut
            : tier.placesLeft === eventPlacesLeft
              ? null
              : fewPlacesNotice(tier.placesLeft);
          return (
            <div
              key={tier.id}
              className={cn(
                'rounded-lg border-2 transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-navy-700',
                checked ? 'border-crimson-600 bg-crimson-50' : 'border-slate-200 bg-white hover:border-slate-400',
                soldOut && 'opacity-60',
              )}
            >
              <label
                htmlFor={id}
                className={cn('flex items-start gap-3 p-4', soldOut ? 'cursor-not-allowed' : 'cursor-pointer')}
              >
                <input
                  id={id}
                  type="radio"
                  value={tier.id}
                  aria-labelledby={`${id}-name${popular ? ` ${id}-badge` : ''}${places ? ` ${id}-places` : ''} ${id}-price`}
                  disabled={soldOut}
                  aria-describedby={tier.description ? `${id}-description` : undefined}
                  className="mt-1 size-4 shrink-0 accent-crimson-600 focus-visible:outline-none"
                  {...field}
                />
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-center gap-2">
                    <span id={`${id}-name`} className="font-semibold text-navy-900">
                      {tier.name}
                    </span>
                    {popular ? (
                      <span
                        id={`${id}-badge`}
                        className="rounded-full bg-gold-400 px-2 py-0.5 text-xs font-bold tracking-wider text-navy-950"
                      >
                        {eventsTexts.popular}
                      </span>
                    ) : null}
                    {places ? (
                      <span
                        id={`${id}-places`}
                        className="rounded-full bg-crimson-700 px-2 py-0.5 text-xs font-bold tracking-wider text-white"
                      >
                        {places}
                      </span>
                    ) : null}
                  </span>
                  {tier.description ? (
                    <span id={`${id}-description`} className="mt-1 block text-sm text-slate-700">
                      {tier.description}
                    </span>
                  ) : null}
                </span>
                <span id={`${id}-price`} className="shrink-0 font-display text-xl font-bold text-navy-900">
                  {tierPriceLabel(tier.price)}
                </span>
              </label>
              {checked && tier.benefits.length > 0 ? (
                <ul
                  aria-label={tierBenefitsLabel(tier.name)}
                  className="space-y-1.5 border-t border-crimson-600/20 px-4 pt-3 pb-4 pl-11 text-sm text-navy-900"
                >
                  {tier.benefits.map((benefit, benefitIndex) => (
                    <li key={benefitIndex} className="flex items-start gap-2">
                      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-crimson-600" />
                      <span>{benefit}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-crimson-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
