import { type EventDetail, formatCents, slugify } from '@pillars/contracts';
import { dollarsToCents } from '@pillars/money/rules';
import {
  type AdminEvent,
  type AdminEventDraft,
  AdminEventInput,
  type EventStatus,
  VIP_TIER_ID,
} from '@pillars/contracts/admin';
import { fromZonedInput, toZonedInput } from './publish-time';

/** A ticket type as the editor holds it: amounts as typed, in dollars. */
export interface TierForm {
  /** The row's identity in the list, stable while its id is edited. */
  key: string;
  id: string;
  name: string;
  price: string;
  description: string;
  /** One benefit per line. */
  benefits: string;
  capacity: string;
}

/** The editor's fields as typed: dates as America/New_York wall-clock times, money in dollars. */
export interface EventForm {
  title: string;
  /** Empty: derived from the title. */
  slug: string;
  description: string;
  image: { url: string; alt: string };
  start: string;
  end: string;
  location: string;
  price: string;
  requiresPayment: boolean;
  capacity: string;
  status: EventStatus;
  tiers: TierForm[];
}

/** Field → message; tier fields are keyed `pricingTiers.{index}.{field}`. */
export type FieldErrors = Record<string, string>;

export const formMessages = {
  dollars: 'Enter an amount in dollars, e.g. 25 or 25.50.',
  wholeNumber: 'Enter a whole number of places, or leave it empty for no limit.',
} as const;

/**
 * An instant as a datetime-local value in New York ('2026-07-04T18:00'). Event times are entered in
 * the zone events are shown in, as publication times are: one conversion (./publish-time) serves both.
 */
export function toEventLocal(iso: string): string {
  return toZonedInput(iso);
}

/** A datetime-local value read as New York wall-clock time → ISO instant; '' when incomplete. */
export function fromEventLocal(local: string): string {
  return fromZonedInput(local) ?? '';
}

/** Dollars as typed → cents; null when it is not an amount with at most two decimals. */
export function dollarsToCentsInput(dollars: string): number | null {
  const text = dollars.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  return dollarsToCents(Number(text));
}

/** Cents → the dollars field's text: 2500 → '25.00'. */
export const centsToDollarsInput = (cents: number) => formatCents(cents);

/** A whole number of places as typed → number, null for empty (no limit), NaN otherwise. */
function placesOf(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

let nextKey = 0;
const newKey = () => `tier-${(nextKey += 1)}`;

export function emptyTier(existing: readonly TierForm[]): TierForm {
  const taken = new Set(existing.map((t) => t.id));
  let n = existing.length + 1;
  while (taken.has(`tier-${n}`)) n += 1;
  return { key: newKey(), id: `tier-${n}`, name: '', price: '', description: '', benefits: '', capacity: '' };
}

export function emptyEventForm(): EventForm {
  return {
    title: '',
    slug: '',
    description: '',
    image: { url: '', alt: '' },
    start: '',
    end: '',
    location: '',
    price: '0.00',
    requiresPayment: false,
    capacity: '',
    status: 'draft',
    tiers: [],
  };
}

export function formOf(event: AdminEvent): EventForm {
  return {
    title: event.title,
    slug: event.slug,
    description: event.description ?? '',
    image: { url: event.imageUrl ?? '', alt: event.imageAlt ?? '' },
    start: toEventLocal(event.startDate),
    end: toEventLocal(event.endDate),
    location: event.location,
    price: centsToDollarsInput(event.price),
    requiresPayment: event.requiresPayment,
    capacity: event.capacity === null ? '' : String(event.capacity),
    status: event.status,
    tiers: event.pricingTiers.map((tier) => ({
      key: newKey(),
      id: tier.id,
      name: tier.name,
      price: centsToDollarsInput(tier.price),
      description: tier.description,
      benefits: tier.benefits.join('\n'),
      capacity: tier.capacity ? String(tier.capacity) : '',
    })),
  };
}

/** The address the event will have: the one typed, else the title's. */
export const slugOf = (form: Pick<EventForm, 'slug' | 'title'>) => form.slug.trim() || slugify(form.title);

/**
 * The form → the wire body (cents, ISO instants), with the editor's own errors (amounts it cannot
 * read). The contract's own checks run on the result, in the browser as on the server.
 */
export function toInput(form: EventForm, status: EventStatus = form.status) {
  const errors: FieldErrors = {};
  const cents = (text: string, key: string) => {
    const value = dollarsToCentsInput(text || '0');
    if (value === null) errors[key] = formMessages.dollars;
    return value ?? 0;
  };
  const places = (text: string, key: string) => {
    const value = placesOf(text);
    if (Number.isNaN(value)) errors[key] = formMessages.wholeNumber;
    return Number.isNaN(value) ? null : value;
  };
  const input: AdminEventDraft = {
    title: form.title,
    slug: form.slug.trim(),
    description: form.description,
    imageUrl: form.image.url.trim(),
    imageAlt: form.image.alt,
    startDate: fromEventLocal(form.start),
    endDate: fromEventLocal(form.end),
    location: form.location,
    price: cents(form.price, 'price'),
    requiresPayment: form.requiresPayment,
    capacity: places(form.capacity, 'capacity'),
    status,
    pricingTiers: form.tiers.map((tier, index) => ({
      id: tier.id,
      name: tier.name,
      price: cents(tier.price, `pricingTiers.${index}.price`),
      description: tier.description,
      benefits: tier.benefits
        .split('\n')
        .map((b) => b.trim())
        .filter(Boolean),
      capacity: places(tier.capacity, `pricingTiers.${index}.capacity`),
    })),
  };
  return { input, errors };
}

/** The form checked as the server checks it: the body to send, or the errors by field. */
export function validate(form: EventForm, status?: EventStatus) {
  const { input, errors } = toInput(form, status);
  const parsed = AdminEventInput.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      errors[key] ??= issue.message;
    }
  }
  return { input, errors };
}

/** Makes the tier at `index` the VIP one (badged POPULAR): its id becomes `vip`, and a former VIP gets its own. */
export function markVip(tiers: readonly TierForm[], index: number): TierForm[] {
  const taken = new Set(tiers.map((t) => t.id));
  return tiers.map((tier, i) => {
    if (i === index) return { ...tier, id: VIP_TIER_ID };
    if (tier.id !== VIP_TIER_ID) return tier;
    let id = slugify(tier.name || `tier-${i + 1}`);
    if (id === VIP_TIER_ID || taken.has(id)) {
      let n = 2;
      while (taken.has(`${id}-${n}`)) n += 1;
      id = `${id}-${n}`;
    }
    taken.add(id);
    return { ...tier, id };
  });
}

/** Moves a tier up (-1) or down (+1); the list's order is the page's. */
export function moveTier(tiers: readonly TierForm[], index: number, by: -1 | 1): TierForm[] {
  const to = index + by;
  if (to < 0 || to >= tiers.length) return [...tiers];
  const next = [...tiers];
  const [moved] = next.splice(index, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** What the public page would show for the form as it stands (the preview); incomplete dates show as now. */
export function previewOf(form: EventForm, id = 'preview'): EventDetail {
  const { input } = toInput(form);
  const start = input.startDate || new Date().toISOString();
  const end = input.endDate && input.endDate >= start ? input.endDate : start;
  return {
    id,
    slug: slugOf(form),
    title: form.title || 'Untitled event',
    description: form.description || null,
    imageUrl: form.image.url.trim() || null,
    imageAlt: form.image.alt || null,
    startDate: start,
    endDate: end,
    location: form.location,
    requiresPayment: form.requiresPayment,
    price: input.price ?? 0,
    pricingTiers: (input.pricingTiers ?? []).map((tier) => ({
      id: tier.id,
      name: tier.name,
      price: tier.price,
      description: tier.description ?? '',
      benefits: tier.benefits ?? [],
      capacity: tier.capacity ?? null,
    })),
    status: form.status === 'cancelled' ? 'cancelled' : 'published',
  };
}
