import { z } from 'zod';

/**
 * What the success page shows beyond its URL: that a payment is a monthly plan, and its next
 * charge date. The URL's query (`type`, `amount`, `event`) is fixed by the product, so the form
 * that paid hands this over in the history state of its navigation to /success: it belongs to
 * that one submission's history entry, survives a reload, and a shared or typed link (no state)
 * shows the page from its query alone, as before.
 */
const MonthlyPlan = z.object({
  kind: z.enum(['recurring_donation', 'membership']),
  /** 'YYYY-MM-DD' as the provider reports it; null when it gave none. */
  nextPaymentDate: z.string().max(40).nullable(),
});
export type MonthlyPlan = z.infer<typeof MonthlyPlan>;

const SuccessHandoff = z.object({ monthlyPlan: MonthlyPlan });
export type SuccessHandoff = z.infer<typeof SuccessHandoff>;

/**
 * The navigation state for /success from what a payment resolved with (the payments feature's
 * succeeded result, seen here as unknown); undefined when it is not a monthly plan.
 */
export function successHandoff(paid: unknown): SuccessHandoff | undefined {
  const plan = MonthlyPlan.safeParse(paid);
  return plan.success ? { monthlyPlan: plan.data } : undefined;
}

/** The monthly plan handed to this history entry, or null (a reload keeps it; a shared link has none). */
export function readSuccessHandoff(state: unknown = window.history.state): MonthlyPlan | null {
  const parsed = SuccessHandoff.safeParse(state);
  return parsed.success ? parsed.data.monthlyPlan : null;
}
