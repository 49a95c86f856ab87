import { z } from 'zod';
import { type FieldNode, type OperationNode, findField, project, resolveArgs } from './graphql-parse';
import { QueryListSchema, matchesQueryList } from './query-list';
import { type RecurringPlan, SandboxError, type SandboxStore, type Transaction } from './store';

/**
 * The Pay Theory operations the adapter uses, named and shaped after the public docs
 * (pay-theory/pay-theory-documentation: docs/api/transaction.md, recurring.md,
 * payment_method_token.md, query.md): createTransaction, createRecurringPayment,
 * cancelRecurringPayment, createReversal, createPaymentMethod, transactions, recurringPayments.
 * Anything else answers a GraphQL error, so an adapter drifting from this list fails loudly.
 */

export interface GraphQLError {
  message: string;
  path?: string[];
  extensions: { code: string };
}

export interface ExecutionResult {
  data: Record<string, unknown> | null;
  errors?: GraphQLError[];
  /** A new charge was made while answering: the drop-after-charge fault may apply. */
  charged: boolean;
}

interface Context {
  store: SandboxStore;
  merchantUid: string;
  variables: Record<string, unknown>;
}

/** AWSJSON arrives as a JSON string (AppSync) or, from friendlier clients, as an object. */
const AwsJson = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return {};
    if (typeof value !== 'string') return value;
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'metadata must be a JSON object' });
    return z.NEVER;
  });

const CreateTransactionArgs = z.object({
  merchant_uid: z.string(),
  amount: z.number().int(),
  payment_method_id: z.string(),
  metadata: AwsJson,
});

const CreateRecurringArgs = z.object({
  input: z.object({
    merchant_uid: z.string(),
    amount: z.number().int(),
    payment_method_id: z.string(),
    payment_interval: z.literal('MONTHLY', { message: 'the sandbox supports payment_interval MONTHLY only' }),
    recurring_name: z.string().min(1),
    first_payment_date: z.null({ message: 'the sandbox charges the first payment immediately' }).optional(),
    metadata: AwsJson,
  }),
});

const CreateReversalArgs = z.object({
  transaction_id: z.string(),
  amount: z.number().int(),
  refund_reason: z.object({ reason_code: z.string(), reason_details: z.string().nullish() }),
});

const CreatePaymentMethodArgs = z.object({
  merchant_uid: z.string(),
  payment_method: z.object({
    card: z.object({
      card_number: z.string(),
      security_code: z.string(),
      exp_date: z.object({ month: z.string(), year: z.string() }),
      postal_code: z.string().nullish(),
    }),
    metadata: AwsJson,
  }),
});

const ListArgs = z.object({
  limit: z.number().int().min(1).max(1000).nullish(),
  query: z.object({ query_list: QueryListSchema }).nullish(),
});

function parseArgs<T>(schema: z.ZodType<T>, field: FieldNode, ctx: Context): T {
  const result = schema.safeParse(resolveArgs(field, ctx.variables));
  if (!result.success) {
    const detail = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new SandboxError('BAD_USER_INPUT', `Invalid arguments for ${field.name}: ${detail}`);
  }
  return result.data;
}

function checkMerchant(merchantUid: string, ctx: Context): void {
  if (merchantUid !== ctx.merchantUid)
    throw new SandboxError('FORBIDDEN', 'merchant_uid does not match the credentials');
}

function paymentMethodToApi(id: string, ctx: Pick<Context, 'store' | 'merchantUid'>) {
  const method = ctx.store.paymentMethod(id);
  if (!method) return null;
  return {
    payment_method_id: method.paymentMethodId,
    last_four: method.lastFour,
    card_brand: method.brand,
    exp_date: method.expiration,
    payment_type: 'CARD',
    is_active: true,
    merchant_uid: ctx.merchantUid,
    metadata: JSON.stringify(method.metadata),
    payor: { payor_id: method.payorId },
  };
}

function planToApi(plan: RecurringPlan, ctx: Context) {
  return {
    recurring_id: plan.recurringId,
    merchant_uid: ctx.merchantUid,
    amount_per_payment: plan.amountCents,
    total_amount_per_payment: plan.amountCents,
    fee_per_payment: 0,
    fee_mode: 'MERCHANT_FEE',
    currency: 'USD',
    created_date: plan.createdAt,
    is_active: plan.isActive,
    is_processing: false,
    metadata: JSON.stringify(plan.metadata),
    next_payment_date: plan.nextPaymentDate,
    prev_payment_date: plan.prevPaymentDate,
    payment_interval: plan.interval,
    recurring_name: plan.name,
    remaining_payments: null,
    status: plan.status,
    payment_method: paymentMethodToApi(plan.paymentMethodId, ctx),
  };
}

/** A transaction as the API (and a TRANSACTION webhook's payload) shows it. */
export function transactionToApi(t: Transaction, ctx: Pick<Context, 'store' | 'merchantUid'>) {
  return {
    transaction_id: t.transactionId,
    merchant_uid: ctx.merchantUid,
    gross_amount: t.amountCents,
    net_amount: t.amountCents,
    fees: 0,
    fee_mode: 'MERCHANT_FEE',
    currency: 'USD',
    status: t.status,
    transaction_type: t.type,
    // The docs: "the failure_code will be the failure_reason in the response".
    failure_reasons: t.failureCode ? [t.failureCode] : null,
    metadata: JSON.stringify(t.metadata),
    parent_id: t.parentId,
    refunded_amount: t.refundedCents,
    is_settled: false,
    transaction_date: t.createdAt,
    payment_method: paymentMethodToApi(t.paymentMethodId, ctx),
    recurring: t.recurringId ? { recurring_id: t.recurringId } : null,
  };
}

/** `items { metadata(query_list: …) }`: only items whose metadata matches are returned. */
function list<T>(
  field: FieldNode,
  ctx: Context,
  rows: T[],
  toApi: (row: T) => Record<string, unknown>,
  metadataOf: (row: T) => Record<string, unknown>,
) {
  const args = parseArgs(ListArgs, field, ctx);
  const metadataField = findField(field, ['items', 'metadata']);
  const metadataQuery = QueryListSchema.parse(
    metadataField ? resolveArgs(metadataField, ctx.variables).query_list : null,
  );
  const matching = rows.filter(
    (row) => matchesQueryList(toApi(row), args.query?.query_list) && matchesQueryList(metadataOf(row), metadataQuery),
  );
  return { items: matching.slice(0, args.limit ?? 100).map(toApi), total_row_count: matching.length };
}

function resolveRoot(field: FieldNode, op: OperationNode, ctx: Context): { value: unknown; charged: boolean } {
  const key = `${op.type}.${field.name}`;
  switch (key) {
    case 'mutation.createTransaction': {
      const args = parseArgs(CreateTransactionArgs, field, ctx);
      checkMerchant(args.merchant_uid, ctx);
      const { transaction } = ctx.store.charge({
        amountCents: args.amount,
        paymentMethodId: args.payment_method_id,
        metadata: args.metadata,
        source: 'api',
      });
      return { value: transactionToApi(transaction, ctx), charged: true };
    }
    case 'mutation.createRecurringPayment': {
      const { input } = parseArgs(CreateRecurringArgs, field, ctx);
      checkMerchant(input.merchant_uid, ctx);
      const { plan } = ctx.store.createRecurring({
        amountCents: input.amount,
        paymentMethodId: input.payment_method_id,
        name: input.recurring_name,
        metadata: input.metadata,
      });
      return { value: planToApi(plan, ctx), charged: true };
    }
    case 'mutation.cancelRecurringPayment': {
      const args = parseArgs(z.object({ recurring_id: z.string() }), field, ctx);
      ctx.store.cancelRecurring(args.recurring_id);
      return { value: true, charged: false };
    }
    case 'mutation.createReversal': {
      const args = parseArgs(CreateReversalArgs, field, ctx);
      const reversal = ctx.store.reverse(args.transaction_id, args.amount);
      return { value: { is_void: false, transaction_id: reversal.transactionId }, charged: false };
    }
    case 'mutation.createPaymentMethod': {
      const { merchant_uid, payment_method } = parseArgs(CreatePaymentMethodArgs, field, ctx);
      checkMerchant(merchant_uid, ctx);
      const { card } = payment_method;
      const result = ctx.store.tokenize(
        {
          number: card.card_number,
          expMonth: card.exp_date.month,
          expYear: card.exp_date.year,
          securityCode: card.security_code,
          postalCode: card.postal_code ?? undefined,
        },
        payment_method.metadata,
      );
      if (!result.ok) throw new SandboxError('NOT_VALID', `NOT_VALID: ${result.problems.join(', ')}`);
      return { value: paymentMethodToApi(result.method.paymentMethodId, ctx), charged: false };
    }
    case 'query.transactions':
      return {
        value: list(
          field,
          ctx,
          ctx.store.transactionsWhere(() => true),
          (t) => transactionToApi(t, ctx),
          (t) => t.metadata,
        ),
        charged: false,
      };
    case 'query.recurringPayments':
      return {
        value: list(
          field,
          ctx,
          ctx.store.plansWhere(() => true),
          (p) => planToApi(p, ctx),
          (p) => p.metadata,
        ),
        charged: false,
      };
    default:
      throw new SandboxError('GRAPHQL_VALIDATION_FAILED', `Cannot query field "${field.name}" on type "${op.type}"`);
  }
}

export function execute(op: OperationNode, ctx: Context): ExecutionResult {
  const data: Record<string, unknown> = {};
  const errors: GraphQLError[] = [];
  let charged = false;
  for (const field of op.selections) {
    const key = field.alias ?? field.name;
    if (field.name === '__typename') {
      data[key] = op.type === 'query' ? 'Query' : 'Mutation';
      continue;
    }
    try {
      const resolved = resolveRoot(field, op, ctx);
      charged ||= resolved.charged;
      data[key] = project(field.selections, resolved.value);
    } catch (error) {
      if (!(error instanceof SandboxError)) throw error;
      data[key] = null;
      errors.push({ message: error.message, path: [key], extensions: { code: error.code } });
    }
  }
  return errors.length > 0 ? { data, errors, charged } : { data, charged };
}
