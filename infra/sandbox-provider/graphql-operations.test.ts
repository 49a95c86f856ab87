import { describe, expect, it } from 'vitest';
import { parseOperation } from './graphql-parse';
import { execute } from './graphql-operations';
import { matchesQueryList } from './query-list';
import { SandboxStore } from './store';

const MERCHANT = 'merchant-1';

function setup() {
  const store = new SandboxStore();
  const tokenized = store.tokenize({ number: '4111111111111111', expMonth: '12', expYear: '40', securityCode: '123' });
  if (!tokenized.ok) throw new Error('test card did not tokenize');
  const run = (query: string, variables: Record<string, unknown> = {}) =>
    execute(parseOperation(query), { store, merchantUid: MERCHANT, variables });
  return { store, run, pm: tokenized.method.paymentMethodId };
}

const CREATE = `mutation($m: String!, $a: Int!, $p: String!, $md: AWSJSON) {
  createTransaction(merchant_uid: $m, amount: $a, payment_method_id: $p, metadata: $md) { transaction_id status failure_reasons gross_amount }
}`;

describe('graphql operations', () => {
  it('charges, answers only the selected fields and reports that it charged', () => {
    const { run, pm, store } = setup();
    const result = run(CREATE, { m: MERCHANT, a: 2500, p: pm, md: '{"idempotency_key":"k1"}' });
    expect(result.errors).toBeUndefined();
    expect(result.charged).toBe(true);
    expect(result.data?.createTransaction).toMatchObject({
      status: 'SUCCEEDED',
      gross_amount: 2500,
      failure_reasons: null,
    });
    expect(Object.keys(result.data?.createTransaction as object)).toHaveLength(4);
    expect(store.ledger()).toHaveLength(1);
  });

  it('charges again when the same idempotency key is sent again (Pay Theory has no such key)', () => {
    const { run, pm, store } = setup();
    const first = run(CREATE, { m: MERCHANT, a: 2500, p: pm, md: { idempotency_key: 'same' } });
    const second = run(CREATE, { m: MERCHANT, a: 2500, p: pm, md: { idempotency_key: 'same' } });
    expect(second.charged).toBe(true);
    expect(second.data).not.toEqual(first.data);
    expect(store.ledger()).toHaveLength(2);
  });

  it('records a declined amount as a FAILED transaction with the failure code', () => {
    const { run, pm, store } = setup();
    const result = run(CREATE, { m: MERCHANT, a: 193, p: pm });
    expect(result.data?.createTransaction).toMatchObject({ status: 'FAILED', failure_reasons: ['INSUFFICIENT_FUNDS'] });
    expect(store.ledger()[0]).toMatchObject({ kind: 'charge', state: 'FAILED', failureCode: 'INSUFFICIENT_FUNDS' });
  });

  it('answers GraphQL errors for unknown fields, bad arguments and another merchant', () => {
    const { run, pm } = setup();
    expect(run('{ merchants { items { merchant_uid } } }').errors?.[0]?.extensions.code).toBe(
      'GRAPHQL_VALIDATION_FAILED',
    );
    expect(run(CREATE, { m: MERCHANT, a: 'lots', p: pm }).errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    expect(run(CREATE, { m: 'someone-else', a: 100, p: pm }).errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect(run(CREATE, { m: MERCHANT, a: 100, p: 'pt_pmt_nope' }).errors?.[0]?.extensions.code).toBe('NOT_FOUND');
  });

  it('filters transactions by top-level fields and by metadata query_list', () => {
    const { run, pm } = setup();
    run(CREATE, { m: MERCHANT, a: 100, p: pm, md: { idempotency_key: 'a' } });
    run(CREATE, { m: MERCHANT, a: 200, p: pm, md: { idempotency_key: 'b' } });
    const list = `query($q: SqlQuery, $mq: [QueryPair]) {
      transactions(query: $q, limit: 10) { items { gross_amount metadata(query_list: $mq) } total_row_count }
    }`;
    const byKey = run(list, {
      mq: [{ key: 'idempotency_key', value: 'b', operator: 'EQUAL', conjunctive_operator: 'NONE_NEXT' }],
    });
    expect(byKey.data?.transactions).toEqual({
      items: [{ gross_amount: 200, metadata: '{"idempotency_key":"b"}' }],
      total_row_count: 1,
    });
    const byAmount = run(list, {
      q: { query_list: [{ key: 'gross_amount', value: '150', operator: 'GREATER_THAN' }] },
    });
    expect(byAmount.data?.transactions).toMatchObject({ total_row_count: 1 });
  });

  it('creates a monthly plan, then charges the first instalment, and cancels it', () => {
    const { run, pm, store } = setup();
    const created = run(
      `mutation($input: RecurringPaymentInput!) { createRecurringPayment(input: $input) { recurring_id status is_active next_payment_date } }`,
      {
        input: {
          merchant_uid: MERCHANT,
          amount: 2500,
          payment_interval: 'MONTHLY',
          payment_method_id: pm,
          recurring_name: 'Monthly',
          metadata: '{}',
        },
      },
    );
    const plan = created.data?.createRecurringPayment as { recurring_id: string; is_active: boolean };
    expect(plan).toMatchObject({ status: 'SUCCESS', is_active: true });
    expect(store.ledger().map((e) => e.kind)).toEqual(['recurring', 'charge']);
    const cancelled = run('mutation($id: String!) { cancelRecurringPayment(recurring_id: $id) }', {
      id: plan.recurring_id,
    });
    expect(cancelled.data).toEqual({ cancelRecurringPayment: true });
  });
});

describe('query lists', () => {
  const record = { status: 'SETTLED', gross_amount: 150, reference: 'test-1' };
  it('joins pairs with AND_NEXT / OR_NEXT and supports groups, LIKE and IN_LIST', () => {
    expect(
      matchesQueryList(record, [
        { key: 'reference', value: 'test%', operator: 'LIKE', conjunctive_operator: 'AND_NEXT' },
        { key: 'status', value: 'SETTLED', operator: 'EQUAL' },
      ]),
    ).toBe(true);
    expect(
      matchesQueryList(record, [
        { key: 'status', value: 'FAILED', operator: 'EQUAL', conjunctive_operator: 'OR_NEXT' },
        { key: 'gross_amount', value: '100', operator: 'GREATER_THAN' },
      ]),
    ).toBe(true);
    expect(
      matchesQueryList(record, [
        { query_group: [{ key: 'status', in_values: ['FAILED', 'VOIDED'], operator: 'IN_LIST' }] },
      ]),
    ).toBe(false);
    expect(matchesQueryList(record, [])).toBe(true);
  });
});
