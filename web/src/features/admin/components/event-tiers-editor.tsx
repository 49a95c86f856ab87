import { VIP_TIER_ID } from '@pillars/contracts/admin';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { eventEditorTexts as texts } from '../event-editor-texts';
import { type FieldErrors, type TierForm, emptyTier, markVip, moveTier } from '../lib/event-form';
import { cardClasses, smallButton } from './admin-styles';
import { IconButton } from './confirm-dialog';
import { EditorField } from './editor-field';

type TierTextKey = Exclude<keyof TierForm, 'key'>;

type TiersEditorProps = {
  tiers: TierForm[];
  onChange: (tiers: TierForm[]) => void;
  /** Keyed `pricingTiers.{index}.{field}`. */
  errors: FieldErrors;
  /** Places already taken of a tier's own limit, when it has one saved. */
  taken?: (tierId: string) => number | undefined;
};

/** Up and down: each moves a tier one place, and cannot take the first up nor the last down. */
const moves = [
  { step: -1, icon: ArrowUp, label: texts.up, labelOf: texts.moveUp },
  { step: 1, icon: ArrowDown, label: texts.down, labelOf: texts.moveDown },
] as const;

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
          /** A text field's id, value, error and change. */
          const bind = (field: TierTextKey) => ({
            id: `${prefix}-${field}`,
            value: tier[field],
            error: error(field),
            onChange: (value: string) => update(index, { [field]: value }),
          });
          return (
            <li key={tier.key}>
              <fieldset className={`${cardClasses} space-y-3`}>
                <legend className="px-1 text-base font-semibold text-navy-900">
                  {texts.tierLegend(index + 1, name)}
                </legend>
                <div className="grid gap-3 sm:grid-cols-2">
                  <EditorField {...bind('name')} label={texts.tierName} required />
                  <EditorField {...bind('id')} label={texts.tierId} hint={texts.tierIdHint} required />
                  <EditorField
                    {...bind('price')}
                    label={texts.tierPrice}
                    hint={texts.dollarsHint}
                    inputMode="decimal"
                  />
                  <EditorField
                    {...bind('capacity')}
                    label={texts.tierCapacity}
                    hint={taken(tier.id) === undefined ? texts.capacityHint : texts.takenHint(taken(tier.id) ?? 0)}
                    inputMode="numeric"
                  />
                </div>
                <EditorField {...bind('description')} label={texts.tierDescription} />
                <EditorField
                  {...bind('benefits')}
                  label={texts.tierBenefits}
                  hint={texts.tierBenefitsHint}
                  multiline
                  rows={3}
                  error={
                    error('benefits') ??
                    Object.entries(errors).find(([k]) => k.startsWith(`pricingTiers.${index}.benefits.`))?.[1]
                  }
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
                  {moves.map(({ step, icon, label, labelOf }) => (
                    <IconButton
                      key={step}
                      icon={icon}
                      label={label}
                      className={smallButton('outline')}
                      disabled={index + step < 0 || index + step >= tiers.length}
                      aria-label={labelOf(name)}
                      onClick={() => onChange(moveTier(tiers, index, step))}
                    />
                  ))}
                  <IconButton
                    icon={Trash2}
                    label={texts.remove}
                    className={smallButton('danger')}
                    aria-label={texts.removeTier(name)}
                    onClick={() => onChange(tiers.filter((_, i) => i !== index))}
                  />
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <IconButton
        icon={Plus}
        label={texts.addTier}
        className={smallButton('outline')}
        onClick={() => onChange([...tiers, emptyTier(tiers)])}
      />
    </fieldset>
  );
}
