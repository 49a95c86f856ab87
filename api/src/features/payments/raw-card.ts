import { z } from 'zod';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';

const INVALID_CARD = 'Unable to process payment information. Please verify your card details and try again.';

/** The product's raw-card call shapes: process-payment's formData and create-payment-method's card. */
const RawCard = z.union([
  z.object({
    cardNumber: z.string(),
    expiryDate: z.string().regex(/^\d{1,2}\s*\/\s*\d{2}$/),
    cvv: z.string(),
    billingZip: z.string().optional(),
  }),
  z.object({
    card_number: z.string(),
    security_code: z.string(),
    exp_date: z.object({ month: z.string(), year: z.string() }),
    postal_code: z.string().optional(),
    full_name: z.string().optional(),
  }),
]);

/**
 * The spec's raw-card fallback: exchange card fields for a provider token, synchronously, and
 * forget them. Off unless RAW_CARD_FALLBACK_ENABLED (it puts the server in PCI SAQ D scope).
 * The card never reaches the database, a job, a log line or an error message.
 */
export async function tokenizeRawCard(
  deps: Pick<AppDeps, 'config' | 'provider'>,
  raw: Record<string, unknown>,
  buyer: { first_name: string; last_name: string; email: string; phone?: string | undefined } | undefined,
): Promise<string> {
  if (!deps.config.RAW_CARD_FALLBACK_ENABLED) {
    throw new AppError('FORBIDDEN', 'Card details must be entered in the secure card fields.');
  }
  const parsed = RawCard.safeParse(raw);
  // Deliberately no issues in the error: they would echo card fields back.
  if (!parsed.success) throw new AppError('INVALID_DATA', INVALID_CARD);
  const card =
    'cardNumber' in parsed.data
      ? (() => {
          const [month = '', year = ''] = parsed.data.expiryDate.split('/').map((p) => p.trim());
          // Product rule: expiry entered as month/year, year prefixed by 20; no spaces in the number.
          return {
            number: parsed.data.cardNumber.replace(/\s+/g, ''),
            securityCode: parsed.data.cvv,
            expMonth: month.padStart(2, '0'),
            expYear: `20${year}`,
            postalCode: parsed.data.billingZip,
          };
        })()
      : {
          number: parsed.data.card_number.replace(/\s+/g, ''),
          securityCode: parsed.data.security_code,
          expMonth: parsed.data.exp_date.month.padStart(2, '0'),
          expYear:
            parsed.data.exp_date.year.length === 2 ? `20${parsed.data.exp_date.year}` : parsed.data.exp_date.year,
          postalCode: parsed.data.postal_code,
          fullName: parsed.data.full_name,
        };
  const payor = {
    firstName: buyer?.first_name ?? '',
    lastName: buyer?.last_name ?? '',
    email: buyer?.email ?? '',
    phone: buyer?.phone,
  };
  const outcome = await deps.provider.tokenizeCard(card, payor);
  // A missing required field is named (the provider needs a postal code); anything else gets the
  // spec's generic text, which echoes nothing back.
  if (outcome.status === 'invalid' && outcome.missing) throw new AppError('INVALID_DATA', outcome.message);
  if (outcome.status !== 'tokenized') throw new AppError('INVALID_DATA', INVALID_CARD);
  return outcome.paymentMethodId;
}

/**
 * The payment method of a process-payment style request: a token the hosted fields made, or,
 * with the fallback on, one made here from raw card fields. Also returns the request without
 * those fields, which is all that may be stored (as the idempotency fingerprint).
 */
export async function paymentMethodOf<
  T extends {
    formData?: Record<string, unknown> | undefined;
    tokenized: boolean;
    payment_method_id?: string | undefined;
  },
>(
  deps: Pick<AppDeps, 'config' | 'provider'>,
  request: T,
  buyer: Parameters<typeof tokenizeRawCard>[2],
): Promise<{ token: string | undefined; fingerprint: Omit<T, 'formData'> }> {
  const { formData, ...fingerprint } = request;
  const token = formData
    ? await tokenizeRawCard(deps, formData, buyer)
    : request.tokenized
      ? request.payment_method_id
      : undefined;
  return { token, fingerprint };
}
