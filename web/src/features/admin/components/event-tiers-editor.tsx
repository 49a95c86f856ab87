import { VIP_TIER_ID } from '@pillars/contracts/admin';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { eventEditorTexts as texts } from '../event-editor-texts';
import { type FieldErrors, type TierForm, emptyTier, markVip, moveTier } from '../lib/event-form';
import { cardClasses, smallButton } from './admin-styles';
import { EditorField } from './editor-field';

type TiersEditorProps = {
  tiers: TierForm[];
  onChange: (tiers: TierForm[]) => void;
  /** Keyed `pricingTiers.{index}.{field}`. */
  errors: FieldErrors;
  /** Places already taken of a tier's own limit, when it has one saved. */
  taken?: (tierId: string) => number | undefined;
};

/**
 * The ticket types of a paid event: add, remove, reorder, and which one is the VIP one (the public
 * page badges the tier whose id is `vip` POPULAR, so marking one gives it that id).
 */
export function EventTiersEditor({ tiers, onChange, errors, taken = () => undefined }: TiersEditorProps) {
  const id = useId();
  const update = (index: number, patch: Partial<TierForm>) =>
    onChange(tiers.map((tier, i) => (i === index ? { ...tier, ...patch } : tier)));
  return (
    <fieldset className="space-y-4">
      <legend className="font-display text-xl font-bold text-navy-900">{texts.tiersLegend}</legend>
      <p className="text-sm text-slate-700">{texts.tiersHint}</p>
      {tiers.length === 0 ? <p className="text-sm text-slate-700">{texts.noTiers}</p> : null}
      <ol className="space-y-4">
        {tiers.map((tier, index) => {
          const prefix = `${id}-${tier.key}`;
          const error = (field: string) => errors[`pricingTiers.${index}.${field}`];
          const name = tier.name || texts.tierUntitled(index + 1);
          return (
            <li key={tier.key}>
              <fieldset className={`${cardClasses} space-y-3`}>
                <legend className="px-1 text-base font-semibold text-navy-900">
                  {texts.tierLegend(index + 1, name)}
                </legend>
                <div className="grid gap-3 sm:grid-cols-2">
                  <EditorField
                    id={`${prefix}-name`}
                    label={texts.tierName}
                    required
                    value={tier.name}
                    error={error('name')}
                    onChange={(value) => update(index, { name: value })}
                  />
                  <EditorField
                    id={`${prefix}-id`}
                    label={texts.tierId}
                    hint={texts.tierIdHint}
                    required
                    value={tier.id}
                    error={error('id')}
                    onChange={(value) => update(index, { id: value })}
                  />
                  <EditorField
                    id={`${prefix}-price`}
                    label={texts.tierPrice}
                    hint={texts.dollarsHint}
                    inputMode="decimal"
                    value={tier.price}
                    error={error('price')}
                    onChange={(value) => update(index, { price: value })}
                  />
                  <EditorField
                    id={`${prefix}-capacity`}
                    label={texts.tierCapacity}
                    hint={taken(tier.id) === undefined ? texts.capacityHint : texts.takenHint(taken(tier.id) ?? 0)}
                    inputMode="numeric"
                    value={tier.capacity}
                    error={error('capacity')}
                    onChange={(value) => update(index, { capacity: value })}
                  />
                </div>
                <EditorField
                  id={`${prefix}-description`}
                  label={texts.tierDescription}
                  value={tier.description}
                  error={error('description')}
                  onChange={(value) => update(index, { description: value })}
                />
                <EditorField
                  id={`${prefix}-benefits`}
                  label={texts.tierBenefits}
                  hint={texts.tierBenefitsHint}
                  multiline
                  rows={3}
                  value={tier.benefits}
                  error={
                    error('benefits') ??
                    Object.entries(errors).find(([k]) => k.startsWith(`pricingTiers.${index}.benefits.`))?.[1]
                  }
                  onChange={(value) => update(index, { benefits: value })}
                />
                <label className="flex min-h-11 items-center gap-3 text-sm font-semibold text-navy-900">
                  <input
                    type="radio"
                    name={`${id}-vip`}
                    className="size-5 accent-crimson-600"
                    checked={tier.id === VIP_TIER_ID}
                    onChange={() => onChange(markVip(tiers, index))}
                  />
                  {texts.tierVip}
                </label>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={smallButton('outline')}
                    disabled={index === 0}
                    aria-label={texts.moveUp(name)}
                    onClick={() => onChange(moveTier(tiers, index, -1))}
                  >
                    <ArrowUp aria-hidden="true" className="size-4" />
                    {texts.up}
                  </button>
                  <button
                    type="button"
                    className={smallButton('outline')}
                    disabled={index === tiers.length - 1}
                    aria-label={texts.moveDown(name)}
                    onClick={() => onChange(moveTier(tiers, index, 1))}
                  >
                    <ArrowDown aria-hidden="true" className="size-4" />
                    {texts.down}
                  </button>
                  <button
                    type="button"
                    className={smallButton('danger')}
                    aria-label={texts.removeTier(name)}
                    onClick={() => onChange(tiers.filter((_, i) => i !== index))}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    {texts.remove}
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button type="button" className={smallButton('outline')} onClick={() => onChange([...tiers, emptyTier(tiers)])}>
        <Plus aria-hidden="true" className="size-4" />
        {texts.addTier}
      </button>
    </fieldset>
  );
}
