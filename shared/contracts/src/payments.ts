import { z } from 'zod';

/** Card payment provider result as the browser SDK reports it (its `receipt_number` is only a claim). */
export const ProviderPaymentResult = z.object({
  type: z.enum(['SUCCESS', 'ERROR', 'FAILED']),
  body: z
    .object({
      receipt_number: z.string().optional(),
      amount: z.number().optional(),
      state: z.string().optional(),
    })
    .optional(),
  error: z.string().optional(),
  payment_method_id: z.string().optional(),
});
export type ProviderPaymentResult = z.infer<typeof ProviderPaymentResult>;

/** Tokenize result: TOKENIZED with a payment method id, or ERROR with a message. */
export const ProviderTokenizeResult = z.discriminatedUnion('type', [
  z.object({ type: z.literal('TOKENIZED'), body: z.object({ payment_method_id: z.string() }) }),
  z.object({ type: z.literal('ERROR'), body: z.object({ message: z.string() }) }),
]);
export type ProviderTokenizeResult = z.infer<typeof ProviderTokenizeResult>;
