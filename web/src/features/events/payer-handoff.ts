import { z } from 'zod';

/**
 * The registrant's e-mail and phone, handed from the registration form to the payment page in
 * the browser's history state. The registration endpoint does not return contact details to
 * whoever holds a registration id, and they are kept out of the URL; so the payment page is
 * prefilled when the visitor comes from the form, and asks again after a reload elsewhere.
 */
const PayerHandoff = z.object({ payer: z.object({ email: z.string(), phone: z.string() }) });
export type PayerHandoff = z.infer<typeof PayerHandoff>;

export function payerHandoff(email: string, phone: string): PayerHandoff {
  return { payer: { email, phone } };
}

export function readPayerHandoff(state: unknown = window.history.state): { email: string; phone: string } {
  const parsed = PayerHandoff.safeParse(state);
  return parsed.success ? parsed.data.payer : { email: '', phone: '' };
}
