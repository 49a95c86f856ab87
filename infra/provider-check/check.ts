import { randomUUID } from 'node:crypto';
import {
  type CardProvider,
  OPERATION_DOCUMENTS,
  type Payor,
  type Reversal,
  TransientProviderError,
  createPayTheoryProvider,
} from '@pillars/money/provider';
import { type IntrospectionQuery, buildClientSchema, getIntrospectionQuery } from 'graphql';
import { TEST_CARDS } from '@pillars/sandbox-provider/card-rules';
import { buildPayTheorySchema } from '@pillars/sandbox-provider/schema';
import { schemaDifferences } from './schema-diff';

/**
 * The go-live check: against the configured provider (test credentials), (a) the schema the
 * adapter relies on, (b) a $1.00 charge from a documented test card, given back whole at once:
 * a charge minutes old is not settled, so Pay Theory voids it (docs/decisions/019), and a refund
 * would only be possible after its settlement the next day; (c) a $1.02 charge, which Pay
 * Theory's test mode declines with GENERIC_DECLINE; (d) a monthly plan, created and cancelled.
 * Each step passes or fails with the provider's own words. A new transaction may show up in
 * queries only after a while, so lookups poll with a bounded wait.
 */

export interface CheckTarget {
  graphqlUrl: string;
  merchantUid: string;
  secretKey: string;
  timeoutMs: number;
}

export interface StepResult {
  step: string;
  outcome: 'pass' | 'fail' | 'skip';
  detail: string;
  /** Schema differences, one per line. */
  lines?: string[];
}

export interface CheckOptions {
  /** How long a lookup waits for something the provider has not shown yet. */
  visibilityWaitMs?: number;
  pollIntervalMs?: number;
  /** Called as each step ends, so a long check reports as it goes. */
  onStep?: (result: StepResult) => void;
}

const CHECK_AMOUNT_CENTS = 100;
/** Pay Theory's test mode declines this amount with GENERIC_DECLINE (docs: testing). */
const DECLINE_AMOUNT_CENTS = 102;
const DECLINE_CODE = 'GENERIC_DECLINE';
const payor: Payor = { firstName: 'Go-live', lastName: 'Check', email: 'provider-check@example.org' };

const wordsOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Retries while the answer is null or unknown (transient), up to `waitMs`; then the last error. */
async function poll<T>(lookup: () => Promise<T | null>, waitMs: number, intervalMs: number, what: string): Promise<T> {
  const deadline = Date.now() + waitMs;
  let last: unknown = null;
  for (;;) {
    try {
      const found = await lookup();
      if (found !== null) return found;
    } catch (error) {
      if (!(error instanceof TransientProviderError)) throw error;
      last = error;
    }
    if (Date.now() >= deadline) {
      throw new Error(`${what} not visible after ${Math.round(waitMs / 1000)} s${last ? ` (${wordsOf(last)})` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

async function introspect(target: CheckTarget): Promise<IntrospectionQuery> {
  const res = await fetch(target.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `${target.merchantUid};${target.secretKey}` },
    body: JSON.stringify({ query: getIntrospectionQuery() }),
    signal: AbortSignal.timeout(target.timeoutMs),
  });
  const text = await res.text();
  let body: { data?: IntrospectionQuery; errors?: { message?: string; errorType?: string }[] } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Reported below with the status.
  }
  const said = (body.errors ?? []).map((e) => [e.errorType, e.message].filter(Boolean).join(': ')).join('; ');
  if (!res.ok || !body.data) {
    throw new Error(`introspection answered HTTP ${res.status}${said ? `: ${said}` : ''}`);
  }
  return body.data;
}

async function schemaStep(target: CheckTarget): Promise<StepResult> {
  try {
    const remote = buildClientSchema(await introspect(target));
    const differences = schemaDifferences(buildPayTheorySchema(), remote, OPERATION_DOCUMENTS);
    const documents = Object.keys(OPERATION_DOCUMENTS).length;
    return differences.length === 0
      ? { step: 'schema', outcome: 'pass', detail: `all ${documents} operation documents match the provider's schema` }
      : { step: 'schema', outcome: 'fail', detail: `${differences.length} difference(s)`, lines: differences };
  } catch (error) {
    return { step: 'schema', outcome: 'fail', detail: wordsOf(error) };
  }
}

export async function runProviderCheck(target: CheckTarget, options: CheckOptions = {}): Promise<StepResult[]> {
  const waitMs = options.visibilityWaitMs ?? 30_000;
  const intervalMs = options.pollIntervalMs ?? 500;
  const results: StepResult[] = [];
  const report = (result: StepResult) => {
    results.push(result);
    options.onStep?.(result);
  };
  const skip = (step: string, why: string) => report({ step, outcome: 'skip', detail: why });
  /** Runs one step: its value, or null after reporting the provider's words. */
  async function step<T>(name: string, run: () => Promise<{ value: T; detail: string }>): Promise<T | null> {
    try {
      const { value, detail } = await run();
      report({ step: name, outcome: 'pass', detail });
      return value;
    } catch (error) {
      report({ step: name, outcome: 'fail', detail: wordsOf(error) });
      return null;
    }
  }

  /** An unclear answer is looked up until it shows, never re-sent: a resend could charge twice (ADR 010). */
  async function settle<T>(attempt: () => Promise<T>, lookup: () => Promise<T | null>, what: string): Promise<T> {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof TransientProviderError)) throw error;
      return poll(lookup, waitMs, intervalMs, what);
    }
  }

  report(await schemaStep(target));
  const provider: CardProvider = createPayTheoryProvider({ ...target, liveMode: false });

  const paymentMethodId = await step('tokenize', async () => {
    const year = String(new Date().getUTCFullYear() + 3);
    const card = { number: TEST_CARDS.visa, securityCode: '123', expMonth: '12', expYear: year, postalCode: '19106' };
    const outcome = await provider.tokenizeCard(card, payor);
    if (outcome.status !== 'tokenized') throw new Error(outcome.message);
    return { value: outcome.paymentMethodId, detail: `test card ending ${outcome.lastFour} (${outcome.brand})` };
  });

  if (!paymentMethodId) {
    for (const name of ['charge', 'reverse', 'decline', 'recurring create', 'recurring cancel']) {
      skip(name, 'no payment method');
    }
    return results;
  }

  const chargeKey = `provider-check-${randomUUID()}`;
  const transactionId = await step('charge', async () => {
    const request = { amountCents: CHECK_AMOUNT_CENTS, paymentMethodId, idempotencyKey: chargeKey, payor };
    const outcome = await settle(
      () => provider.charge(request),
      () => provider.findChargeByIdempotencyKey(chargeKey),
      'the $1.00 charge',
    );
    if (outcome.status !== 'succeeded') throw new Error(`declined: ${outcome.code}: ${outcome.message}`);
    return { value: outcome.transactionId, detail: `$1.00 charged as ${outcome.transactionId}` };
  });

  if (transactionId) {
    await step('reverse', async () => {
      await poll(() => provider.getCharge(transactionId), waitMs, intervalMs, `transaction ${transactionId}`);
      // All of it at once: a void while unsettled, a refund if already settled (docs/decisions/019).
      const givenBack = async () => {
        const read = await provider.getChargeRefunds(transactionId);
        return read && read.refundedCents >= CHECK_AMOUNT_CENTS ? read : null;
      };
      let reversal: Reversal | null = null;
      try {
        reversal = await provider.reverse(transactionId, CHECK_AMOUNT_CENTS);
      } catch (error) {
        // Unclear: the charge is read below, never reversed again.
        if (!(error instanceof TransientProviderError)) throw error;
      }
      const read = await poll(givenBack, waitMs, intervalMs, 'the $1.00 reversal');
      const how = reversal
        ? reversal.isVoid
          ? `voided (is_void true${reversal.replacementTransactionId ? `, replacement ${reversal.replacementTransactionId}` : ''})`
          : `refunded as ${reversal.refundId}`
        : 'given back (its answer was lost; read from the charge)';
      return {
        value: true,
        detail: `$1.00 ${how}; the charge now ${read.state.status}, is_settled ${String(read.state.settled)}`,
      };
    });
  } else {
    skip('reverse', 'no charge');
  }

  await step('decline', async () => {
    const declineKey = `provider-check-decline-${randomUUID()}`;
    const request = { amountCents: DECLINE_AMOUNT_CENTS, paymentMethodId, idempotencyKey: declineKey, payor };
    const outcome = await settle(
      () => provider.charge(request),
      () => provider.findChargeByIdempotencyKey(declineKey),
      'the $1.02 charge',
    );
    if (outcome.status === 'succeeded') {
      // Not left standing: it is given back before the step fails.
      await provider.reverse(outcome.transactionId, DECLINE_AMOUNT_CENTS).catch(() => undefined);
      throw new Error(`$1.02 was charged as ${outcome.transactionId} (given back); expected ${DECLINE_CODE}`);
    }
    if (outcome.code !== DECLINE_CODE) throw new Error(`declined as ${outcome.code}, expected ${DECLINE_CODE}`);
    return { value: true, detail: `$1.02 declined: ${outcome.code} (${outcome.message})` };
  });

  const planKey = `provider-check-plan-${randomUUID()}`;
  const recurringId = await step('recurring create', async () => {
    const request = {
      amountCents: CHECK_AMOUNT_CENTS,
      paymentMethodId,
      idempotencyKey: planKey,
      payor,
      interval: 'MONTHLY' as const,
    };
    // The first instalment may show after the answer: the plan is then awaited until it does.
    const shown = async () => {
      const found = await provider.findRecurringByIdempotencyKey(planKey);
      return found?.status === 'awaiting' ? null : found;
    };
    const created = await settle(() => provider.createRecurring(request), shown, 'the monthly plan');
    const outcome =
      created.status === 'awaiting'
        ? await poll(shown, waitMs, intervalMs, "the monthly plan's first instalment")
        : created;
    if (outcome.status !== 'active') throw new Error(`first payment declined: ${outcome.code}: ${outcome.message}`);
    return {
      value: outcome.recurringId,
      detail: `monthly plan ${outcome.recurringId}, next payment ${outcome.nextPaymentDate}`,
    };
  });

  if (recurringId) {
    await step('recurring cancel', async () => {
      await provider.cancelRecurring(recurringId);
      const plan = await provider.getRecurring(recurringId);
      if (plan?.isActive)
        throw new Error(`plan ${recurringId} still active after cancelRecurringPayment answered true`);
      return { value: true, detail: `plan ${recurringId} cancelled` };
    });
  } else {
    skip('recurring cancel', 'no plan');
  }
  return results;
}
