import { z } from 'zod';

/**
 * The registrant's name, e-mail and phone, handed from the registration form to the payment page.
 * The registration endpoint returns no personal data to whoever holds a registration id
 * (docs/decisions/046), and they are kept out of the URL; so the browser keeps them: in the history state of the navigation
 * (kept across a reload) and in sessionStorage under the registration's id (kept for this tab's
 * session, so the payment page opened again in it is prefilled too). In another browser the
 * payment page finds neither and asks for them.
 */
const Payer = z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string() });
export type Payer = z.infer<typeof Payer>;
const PayerHandoff = z.object({ payer: Payer });
export type PayerHandoff = z.infer<typeof PayerHandoff>;

const NO_PAYER: Payer = { firstName: '', lastName: '', email: '', phone: '' };

function storageKey(registrationId: string): string {
  return `pillars:event-payer:${registrationId}`;
}

/** sessionStorage, or null where the browser refuses it (storage disabled, some private modes). */
function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function payerHandoff({ firstName, lastName, email, phone }: Payer): PayerHandoff {
  return { payer: { firstName, lastName, email, phone } };
}

/** Keeps the payer's details for the registration's payment page; best effort. */
export function rememberPayer(registrationId: string, { firstName, lastName, email, phone }: Payer): void {
  try {
    sessionStore()?.setItem(storageKey(registrationId), JSON.stringify({ firstName, lastName, email, phone }));
  } catch {
    // A full or refused storage only costs the prefill.
  }
}

/** Forgets them once the registration is paid. */
export function forgetPayer(registrationId: string): void {
  try {
    sessionStore()?.removeItem(storageKey(registrationId));
  } catch {
    // Nothing to forget.
  }
}

function storedPayer(registrationId: string): Payer | null {
  let text: string | null = null;
  try {
    text = sessionStore()?.getItem(storageKey(registrationId)) ?? null;
  } catch {
    return null;
  }
  if (text === null) return null;
  try {
    const parsed = Payer.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The payer of the registration: from the history state, else from sessionStorage, else blank. */
export function readPayerHandoff(registrationId: string, state: unknown = window.history.state): Payer {
  const parsed = PayerHandoff.safeParse(state);
  if (parsed.success) return parsed.data.payer;
  return storedPayer(registrationId) ?? NO_PAYER;
}
