import {
  type CardDetails,
  type CardProvider,
  type Payor,
  ProviderRequestError,
  type RecurringOutcome,
  RefundRejectedError,
  type Reversal,
  TransientProviderError,
} from '../provider';
import { verifyPayTheoryWebhook } from './webhooks';
import { PayTheoryGraphQLError, createGraphQLClient } from './graphql-client';
import { type HttpPost, createHttpPost } from './http-post';
import {
  CANCEL_RECURRING_PAYMENT,
  CREATE_PAYMENT_METHOD,
  CREATE_RECURRING_PAYMENT,
  CREATE_REVERSAL,
  CREATE_TRANSACTION,
  CancelRecurringData,
  CreatePaymentMethodData,
  CreateRecurringData,
  CreateReversalData,
  CreateTransactionData,
  IDEMPOTENCY_METADATA_KEY,
  type PayTheoryRecurringPayment,
} from './operations';
import {
  POSTAL_CODE_REQUIRED,
  stateOf,
  toChargeOutcome,
  VOIDED,
  isDebit,
  byDate,
  chargesOf,
  payorInput,
} from './mapping';
import { payTheoryQueries } from './queries';
import { payTheoryReports } from './reports';

export interface PayTheoryProviderOptions {
  /** e.g. https://api.PARTNER.STAGE.com/graphql, or the sandbox provider's /graphql. */
  graphqlUrl: string;
  merchantUid: string;
  secretKey: string;
  liveMode: boolean;
  /** Per request; default 10 000. A timeout is a TransientProviderError (outcome unknown). */
  timeoutMs?: number;
  /** The transport; default Node's HTTP client on keep-alive connections (http-post.ts). */
  post?: HttpPost;
  /**
   * Pay Theory does not sign webhooks. Set only when deliveries arrive signed (HMAC-SHA256 of the
   * raw body, webhooks.ts); then an unsigned or wrongly signed delivery is refused.
   */
  webhookSigningSecret?: string | undefined;
}

export function createPayTheoryProvider(options: PayTheoryProviderOptions): CardProvider {
  const request = createGraphQLClient({
    graphqlUrl: options.graphqlUrl,
    merchantUid: options.merchantUid,
    secretKey: options.secretKey,
    timeoutMs: options.timeoutMs ?? 10_000,
    post: options.post ?? createHttpPost(),
  });
  const merchant_uid = options.merchantUid;
  const queries = payTheoryQueries(request);
  const { findTransactions, byKey, oneTimeCharges, plansByKey, getTransaction, childrenOf } = queries;

  async function createReversal(transactionId: string, amount: number): Promise<Reversal> {
    const data = await request(
      'createReversal',
      CREATE_REVERSAL,
      { transaction_id: transactionId, amount, refund_reason: { reason_code: 'REQUESTED_BY_CUSTOMER' } },
      CreateReversalData,
    );
    // A full void creates no new transaction; the voided charge's id is then the reference. A void
    // that answers a transaction id was partial: that id is the charge's replacement, the one that
    // will be captured, not a reversal, so the voided charge's id is the reference then too.
    const { is_void: isVoid, transaction_id: created } = data.createReversal;
    if (isVoid) return { refundId: transactionId, isVoid: true, replacementTransactionId: created ?? null };
    return { refundId: created ?? transactionId, isVoid: false, replacementTransactionId: null };
  }

  /** A plan's outcome is its first instalment's: charged with the plan, carrying its metadata. */
  async function recurringOutcome(plan: PayTheoryRecurringPayment, key: string): Promise<RecurringOutcome> {
    const instalments = (await findTransactions(byKey(key)))
      .filter((t) => isDebit(t) && t.recurring?.recurring_id === plan.recurring_id)
      .sort(byDate);
    const first = instalments[0];
    // Pay Theory may charge the first instalment after answering createRecurringPayment, and its
    // queries may lag: the plan exists and its first instalment is awaited, an expected state the
    // caller resolves by looking again later (never by creating a second plan; docs/decisions/010).
    if (!first) return { status: 'awaiting', recurringId: plan.recurring_id };
    const outcome = toChargeOutcome(first);
    if (outcome.status === 'declined') return outcome;
    if (!plan.next_payment_date) {
      // An active plan always has a next date: an answer without one is incomplete, not a plan
      // created without a date, so the plan is looked up again (docs/decisions/011).
      throw new TransientProviderError(`Pay Theory recurring payment ${plan.recurring_id}: no next_payment_date yet`);
    }
    return {
      status: 'active',
      recurringId: plan.recurring_id,
      nextPaymentDate: plan.next_payment_date.slice(0, 10),
      firstCharge: outcome,
    };
  }

  return {
    name: 'paytheory',
    liveMode: options.liveMode,

    // Pay Theory attaches the payor to the payment method at tokenization; createTransaction
    // takes no payor, so `request.payor` is not sent here.
    async charge(req) {
      const metadata = { ...req.metadata, [IDEMPOTENCY_METADATA_KEY]: req.idempotencyKey };
      const data = await request(
        'createTransaction',
        CREATE_TRANSACTION,
        {
          merchant_uid,
          amount: req.amountCents,
          payment_method_id: req.paymentMethodId,
          metadata: JSON.stringify(metadata),
        },
        CreateTransactionData,
      );
      return toChargeOutcome(data.createTransaction);
    },

    // Instalments of a recurring plan carry the plan's metadata, so they are skipped: the
    // question here is about the one-time charge made with this key.
    async findChargeByIdempotencyKey(key) {
      const charges = chargesOf(await oneTimeCharges(key));
      return charges.find((c) => c.status === 'succeeded') ?? charges.at(-1) ?? null;
    },

    async listChargesByIdempotencyKey(key) {
      return chargesOf(await oneTimeCharges(key));
    },

    async getCharge(transactionId) {
      const found = await getTransaction(transactionId);
      return found && isDebit(found) ? toChargeOutcome(found) : null;
    },

    async createRecurring(req) {
      const metadata = { ...req.metadata, [IDEMPOTENCY_METADATA_KEY]: req.idempotencyKey };
      const data = await request(
        'createRecurringPayment',
        CREATE_RECURRING_PAYMENT,
        {
          input: {
            merchant_uid,
            amount: req.amountCents,
            payment_interval: req.interval,
            payment_method_id: req.paymentMethodId,
            // Required by the API; shown to the payor in Pay Theory's emails and portal.
            recurring_name: 'Monthly payment',
            payor: payorInput(req.payor),
            metadata: JSON.stringify(metadata),
          },
        },
        CreateRecurringData,
      );
      return recurringOutcome(data.createRecurringPayment, req.idempotencyKey);
    },

    async findRecurringByIdempotencyKey(key) {
      const plan = (await plansByKey(key))[0];
      return plan ? recurringOutcome(plan, key) : null;
    },

    async listRecurringByIdempotencyKey(key) {
      const plans = await plansByKey(key);
      return Promise.all(plans.map((plan) => recurringOutcome(plan, key)));
    },

    async cancelRecurring(recurringId) {
      const data = await request(
        'cancelRecurringPayment',
        CANCEL_RECURRING_PAYMENT,
        { recurring_id: recurringId },
        CancelRecurringData,
      );
      if (data.cancelRecurringPayment !== true) {
        throw new ProviderRequestError(`Pay Theory did not cancel recurring payment ${recurringId}`);
      }
    },

    // Refunds what is left of the charge. A charge already fully refunded (a retry after an
    // answer was lost) returns the earlier reversal instead of failing.
    async refund(transactionId) {
      const original = await getTransaction(transactionId);
      if (!original || !isDebit(original)) {
        throw new ProviderRequestError(`Pay Theory transaction ${transactionId} not found`);
      }
      // Voided whole already (a retry after a void's answer was lost): nothing is left to give back.
      if (VOIDED.has(original.status)) return { refundId: transactionId, isVoid: true, replacementTransactionId: null };
      const remaining = original.gross_amount - (original.refunded_amount ?? 0);
      if (remaining <= 0) {
        const earlier = (await childrenOf(transactionId)).reversals.at(-1);
        if (earlier) return { refundId: earlier.transaction_id, isVoid: false, replacementTransactionId: null };
        // Refunded, but the reversal is not visible to queries yet: ask again later.
        throw new TransientProviderError(`Pay Theory transaction ${transactionId}: its reversal is not visible yet`);
      }
      try {
        return await createReversal(transactionId, remaining);
      } catch (error) {
        // refunded_amount may lag a reversal whose answer was lost (docs/decisions/019), so a refusal
        // here can mean "already refunded": asked again later, the charge shows it.
        if (error instanceof PayTheoryGraphQLError) {
          throw new TransientProviderError(`Pay Theory transaction ${transactionId}: reversal refused; reading again`, {
            cause: error,
          });
        }
        throw error;
      }
    },

    // Pay Theory voids a charge that has not settled instead of refunding it, and a partial void
    // replaces the charge with a new one for the rest ("the transaction_id is the new transaction
    // created for the adjusted amount", transaction.md): the answer says which it was, and the
    // caller moves its record of the charge to the replacement (docs/decisions/019).
    async reverse(transactionId, amountCents) {
      const original = await getTransaction(transactionId);
      if (!original || !isDebit(original)) {
        // The charge was made (we recorded it): not showing it is the provider's lag.
        throw new TransientProviderError(`Pay Theory transaction ${transactionId} not visible yet`);
      }
      try {
        return await createReversal(transactionId, amountCents);
      } catch (error) {
        // A GraphQL error on createReversal is Pay Theory refusing this refund (the amount, the
        // charge's state); a transient one (5xx, timeout) was already sorted out by the client.
        if (error instanceof PayTheoryGraphQLError) {
          throw new RefundRejectedError(error.codes[0] ?? 'UNKNOWN', error.message);
        }
        throw error;
      }
    },

    // refunded_amount is Pay Theory's own total; the reversals are read too, since neither is
    // promised to show a new refund at once, and a void leaves only the charge's status
    // (docs/decisions/019). The larger reading wins: counting a refund that happened as not
    // sent would send it twice. A voided charge gave back all of itself but what its replacement
    // (a partial void's) took.
    async getChargeRefunds(transactionId) {
      const original = await getTransaction(transactionId);
      if (!original || !isDebit(original)) return null;
      const { reversals, replacement } = await childrenOf(transactionId);
      const reversed = reversals.reduce((sum, t) => sum + t.gross_amount, 0);
      const gross = original.gross_amount;
      const voided = VOIDED.has(original.status) ? gross - (replacement?.gross_amount ?? 0) : 0;
      const refunded = Math.max(original.refunded_amount ?? 0, reversed, voided);
      return {
        transactionId,
        grossCents: gross,
        refundedCents: Math.min(gross, refunded),
        reversals: reversals.map((t) => ({
          refundId: t.transaction_id,
          amountCents: t.gross_amount,
          date: t.transaction_date ?? null,
        })),
        state: stateOf(original),
        replacement: replacement
          ? {
              transactionId: replacement.transaction_id,
              amountCents: replacement.gross_amount,
              state: stateOf(replacement),
            }
          : null,
      };
    },

    async tokenizeCard(card: CardDetails, payor: Payor) {
      // createPaymentMethod's CardInput requires postal_code: without one Pay Theory would
      // answer a validation error, so the card is refused here with a message a payer can act on.
      const postalCode = card.postalCode?.trim();
      if (!postalCode) {
        return { status: 'invalid', message: POSTAL_CODE_REQUIRED, missing: 'postalCode' } as const;
      }
      const payment_method = {
        card: {
          card_number: card.number,
          security_code: card.securityCode,
          exp_date: { month: card.expMonth.padStart(2, '0'), year: card.expYear.slice(-2) },
          postal_code: postalCode,
          ...(card.fullName ? { full_name: card.fullName } : {}),
        },
        payor: payorInput(payor),
      };
      try {
        const data = await request(
          'createPaymentMethod',
          CREATE_PAYMENT_METHOD,
          { merchant_uid, payment_method },
          CreatePaymentMethodData,
        );
        const method = data.createPaymentMethod;
        return {
          status: 'tokenized',
          paymentMethodId: method.payment_method_id,
          lastFour: method.last_four ?? '',
          brand: method.card_brand ?? 'UNKNOWN',
        };
      } catch (error) {
        if (error instanceof PayTheoryGraphQLError && error.codes.includes('NOT_VALID')) {
          return { status: 'invalid', message: 'The card details are not valid.' };
        }
        throw error;
      }
    },

    verifyWebhook(headers, rawBody) {
      return verifyPayTheoryWebhook(options.webhookSigningSecret, headers, rawBody);
    },

    ...payTheoryReports(request, queries),
  };
}
