import { paymentReferenceOf } from '@pillars/contracts';
import { z } from 'zod';

/**
 * What the success page shows beyond its URL: the payment's reference, that a payment is a
 * monthly plan, and its next charge date. The URL's query (`type`, `amount`, `event`) is fixed by
 * the product, so the form that paid hands this over in the history state of its navigation to
 * /success: it belongs to that one submission's history entry, survives a reload, and a shared or
 * typed link (no state) shows the page from its query alone, as before.
 */
const MonthlyPlan = z.object({
  kind: z.enum(['recurring_donation', 'membership']),
  /** 'YYYY-MM-DD' as the provider reports it; null when it gave none. */
  nextPaymentDate: z.string().max(40).nullable(),
});
export type MonthlyPlan = z.infer<typeof MonthlyPlan>;

/** The payment's reference (`paymentReferenceOf`), as the page shows it. */
const Reference = z.string().min(1).max(100);

const SuccessHandoff = z.object({ monthlyPlan: MonthlyPlan.optional(), reference: Reference.optional() });
export type SuccessHandoff = z.infer<typeof SuccessHandoff>;

/** What the success page reads back: each part null when not handed over. */
export type SuccessDetails = { monthlyPlan: MonthlyPlan | null; reference: string | null };

/** The part of a succeeded payment (the payments feature's result, seen here as unknown) the reference comes from. */
const PaidResult = z.object({ paymentId: z.string().min(1).max(100) });

/**
 * The navigation state for /success from what a payment resolved with; undefined when it carries
 * nothing to show. The reference is our payment's (`paymentReferenceOf`, the one the admin's
 * payment details show), never a provider id: the payment status answers none (docs/decisions/046).
 */
export function successHandoff(paid: unknown): SuccessHandoff | undefined {
  const plan = MonthlyPlan.safeParse(paid);
  const result = PaidResult.safeParse(paid);
  const reference = result.success ? paymentReferenceOf(result.data.paymentId) : undefined;
  const handoff: SuccessHandoff = {
    ...(plan.success ? { monthlyPlan: plan.data } : {}),
    ...(reference ? { reference } : {}),
  };
  return Object.keys(handoff).length > 0 ? handoff : undefined;
}

/** What was handed to this history entry, or null (a reload keeps it; a shared link has none). */
export function readSuccessHandoff(state: unknown): SuccessDetails | null {
  const parsed = SuccessHandoff.safeParse(state);
  if (!parsed.success) return null;
  const { monthlyPlan = null, reference = null } = parsed.data;
  return monthlyPlan || reference ? { monthlyPlan, reference } : null;
}
