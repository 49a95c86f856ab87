import { getIntrospectionQuery } from 'graphql';
import { describe, expect, it } from 'vitest';
import { DISPUTE_AMOUNT } from './card-rules';
import { executeGraphQL } from './graphql-execute';
import { matchesQueryList } from './query-list';
import { SandboxStore } from './store';

const MERCHANT = 'merchant-1';

function setup(rules: { autoSettle?: boolean } = {}) {
  const store = new SandboxStore(undefined, undefined, {
    visibilityDelayMs: () => 0,
    autoSettle: () => rules.autoSettle ?? true,
    firstInstalmentDelayMs: 0,
    defer: (work) => work(),
  });
  const tokenized = store.tokenize({ number: '4111111111111111', expMonth: '12', expYear: '40', securityCode: '123' });
  if (!tokenized.ok) throw new Error('test card did not tokenize');
  const run = async (query: string, variables: Record<string, unknown> = {}) => {
    const answer = await executeGraphQL({ query, variables }, { store, merchantUid: MERCHANT });
    const data = answer.body.data as Record<string, unknown> | null | undefined;
    return { ...answer.body, data, charged: answer.charged, status: answer.status };
  };
  return { store, run, pm: tokenized.method.paymentMethodId };
}

const CREATE = `mutation($m: String!, $a: Int!, $p: String, $md: AWSJSON) {
  createTransaction(merchant_uid: $m, amount: $a, payment_method_id: $p, metadata: $md) { transaction_id status failure_reasons gross_amount }
}`;

const LIST = `query($q: SqlQuery, $mq: [QueryPair]) {
  transactions(query: $q, limit: 10) { items { gross_amount metadata(query_list: $mq) } total_row_count }
}`;

const codeOf = (result: { errors?: { extensions: { code: string } }[] }) => result.errors?.[0]?.extensions.code;

describe('graphql operations', () => {
  it('charges, answers only the selected fields and reports that it charged', async () => {
    const { run, pm, store } = setup();
    const result = await run(CREATE, { m: MERCHANT, a: 2500, p: pm, md: '{"idempotency_key":"k1"}' });
    expect(result.errors).toBeUndefined();
    expect(result.charged).toBe(true);
    expect(result.data).toEqual({
      createTransaction: {
        transaction_id: expect.any(String),
        status: 'SUCCEEDED',
        gross_amount: 2500,
        failure_reasons: null,
      },
    });
    expect(store.ledger()).toHaveLength(1);
  });

  it('charges again when the same idempotency key is sent again (Pay Theory has no such key)', async () => {
    const { run, pm, store } = setup();
    const first = await run(CREATE, { m: MERCHANT, a: 2500, p: pm, md: { idempotency_key: 'same' } });
    const second = await run(CREATE, { m: MERCHANT, a: 2500, p: pm, md: { idempotency_key: 'same' } });
    expect(second.charged).toBe(true);
    expect(second.data).not.toEqual(first.data);
    expect(store.ledger()).toHaveLength(2);
  });

  it('records a declined amount as a FAILED transaction with the failure code', async () => {
    const { run, pm, store } = setup();
    const result = await run(CREATE, { m: MERCHANT, a: 889987, p: pm });
    expect(result.data?.createTransaction).toMatchObject({
      status: 'FAILED',
      failure_reasons: ['CVV_FAILED_RISK_RULES'],
    });
    expect(store.ledger()[0]).toMatchObject({ kind: 'charge', state: 'FAILED', failureCode: 'CVV_FAILED_RISK_RULES' });
  });

  it('charges the dispute amount and shows the dispute on the transaction', async () => {
    const { run, pm } = setup();
    await run(CREATE, { m: MERCHANT, a: DISPUTE_AMOUNT, p: pm });
    const listed = await run('{ transactions { items { status dispute_status } } }');
    expect(listed.data?.transactions).toEqual({ items: [{ status: 'SUCCEEDED', dispute_status: 'PENDING' }] });
    const disputes = await run(
      '{ disputes(limit: 5) { items { status reason amount settlement_withdrawal_batch transaction { gross_amount dispute_status } } total_row_count } }',
    );
    expect(disputes.data?.disputes).toEqual({
      items: [
        {
          status: 'PENDING',
          reason: 'FRAUD',
          amount: DISPUTE_AMOUNT,
          settlement_withdrawal_batch: null,
          transaction: { gross_amount: DISPUTE_AMOUNT, dispute_status: 'PENDING' },
        },
      ],
      total_row_count: 1,
    });
  });

  it('answers GraphQL errors with codes the adapter sorts', async () => {
    const { run, pm } = setup();
    expect(codeOf(await run('{ merchants { items { merchant_uid } } }'))).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(codeOf(await run(CREATE, { m: MERCHANT, a: 'lots', p: pm }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await run(CREATE, { m: MERCHANT, a: 100, p: pm, md: '[1]' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await run(CREATE, { m: 'someone-else', a: 100, p: pm }))).toBe('FORBIDDEN');
    const missing = await run(CREATE, { m: MERCHANT, a: 100, p: 'pt_pmt_nope' });
    expect(missing.errors).toEqual([
      { message: 'Payment method not found', path: ['createTransaction'], extensions: { code: 'NOT_FOUND' } },
    ]);
    expect(missing.data).toBeNull();
    expect(await run('{ transactions { items { ')).toMatchObject({
      status: 400,
      errors: [{ extensions: { code: 'GRAPHQL_PARSE_FAILED' } }],
    });
  });

  it('filters transactions by top-level fields and by the nested metadata and payment_method query_lists', async () => {
    const { run, pm } = setup();
    await run(CREATE, { m: MERCHANT, a: 100, p: pm, md: { idempotency_key: 'a' } });
    await run(CREATE, { m: MERCHANT, a: 200, p: pm, md: { idempotency_key: 'b' } });
    const byKey = await run(LIST, {
      mq: [{ key: 'idempotency_key', value: 'b', operator: 'EQUAL', conjunctive_operator: 'NONE_NEXT' }],
    });
    expect(byKey.data?.transactions).toEqual({
      items: [{ gross_amount: 200, metadata: '{"idempotency_key":"b"}' }],
      total_row_count: 1,
    });
    const byAmount = await run(LIST, {
      q: { query_list: [{ key: 'gross_amount', value: '150', operator: 'GREATER_THAN' }] },
    });
    expect(byAmount.data?.transactions).toMatchObject({ total_row_count: 1 });
    const byCard = `query($pq: [QueryPair]) { transactions { items { gross_amount payment_method(query_list: $pq) { last_four } } } }`;
    const visa = await run(byCard, { pq: [{ key: 'last_four', value: '1111', operator: 'EQUAL' }] });
    expect(visa.data?.transactions).toEqual({
      items: [100, 200].map((gross_amount) => ({ gross_amount, payment_method: { last_four: '1111' } })),
    });
    expect(await run(byCard, { pq: [{ key: 'last_four', value: '4242', operator: 'EQUAL' }] })).toMatchObject({
      data: { transactions: { items: [] } },
    });
    const grouped = await run(LIST, { mq: [{ query_group: [{ key: 'idempotency_key', value: 'a' }] }] });
    expect(codeOf(grouped)).toBe('BAD_USER_INPUT');
    expect(codeOf(await run(LIST, { mq: [{ key: 'k', operator: 'ROUGHLY' }] }))).toBe('BAD_USER_INPUT');
  });

  it('lists settlement batches as documented, and the transactions of one batch through query', async () => {
    const { run, pm, store } = setup();
    await run(CREATE, { m: MERCHANT, a: 2500, p: pm });
    store.settle();
    await run(CREATE, { m: MERCHANT, a: 1000, p: pm });
    await run(CREATE, { m: MERCHANT, a: 3000, p: pm });
    store.settle();
    const settlements =
      await run(`{ settlements(limit: 5, query: { sort_list: [{ key: "settlement_batch", direction: DESC }] }) {
      items { settlement_batch status gross_amount gross_amount_64bit total_fees_64bit net_amount_64bit transaction_debit_count transaction_reversal_count currency }
      total_row_count } }`);
    expect(settlements.errors).toBeUndefined();
    expect(settlements.data?.settlements).toEqual({
      items: [
        {
          settlement_batch: 2,
          status: 'SUCCEEDED',
          gross_amount: 4000,
          gross_amount_64bit: '4000',
          total_fees_64bit: String(59 + 117),
          net_amount_64bit: String(4000 - 59 - 117),
          transaction_debit_count: 2,
          transaction_reversal_count: 0,
          currency: 'USD',
        },
        expect.objectContaining({ settlement_batch: 1, gross_amount: 2500 }),
      ],
      total_row_count: 2,
    });
    const inBatch = await run(
      `query($q: SqlQuery) { transactions(query: $q) { items { gross_amount fees net_amount status is_settled settlement_batch } } }`,
      {
        q: { query_list: [{ key: 'settlement_batch', value: '2', operator: 'EQUAL' }] },
      },
    );
    expect(inBatch.data?.transactions).toEqual({
      items: [
        { gross_amount: 1000, fees: 59, net_amount: 941, status: 'SETTLED', is_settled: true, settlement_batch: 2 },
        { gross_amount: 3000, fees: 117, net_amount: 2883, status: 'SETTLED', is_settled: true, settlement_batch: 2 },
      ],
    });
  });

  it('pages a list after (FORWARD) or before (BACKWARD) the offset item named by offset_id', async () => {
    const { run, pm } = setup();
    const ids: string[] = [];
    for (const amount of [100, 200, 300, 400]) {
      const made = await run(CREATE, { m: MERCHANT, a: amount, p: pm });
      ids.push((made.data?.createTransaction as { transaction_id: string }).transaction_id);
    }
    const pageOf = async (variables: Record<string, unknown>) => {
      const answer = await run(
        `query($o: String, $d: MoveDirection, $q: SqlQuery) { transactions(limit: 2, offset_id: $o, direction: $d, query: $q) { items { gross_amount } total_row_count } }`,
        variables,
      );
      return answer.data?.transactions as { items: { gross_amount: number }[]; total_row_count: number };
    };
    expect(await pageOf({})).toEqual({ items: [{ gross_amount: 100 }, { gross_amount: 200 }], total_row_count: 4 });
    expect((await pageOf({ o: ids[1] })).items).toEqual([{ gross_amount: 300 }, { gross_amount: 400 }]);
    expect((await pageOf({ o: ids[3] })).items).toEqual([]);
    expect((await pageOf({ o: ids[3], d: 'BACKWARD' })).items).toEqual([{ gross_amount: 200 }, { gross_amount: 300 }]);
    const newestFirst = { query_list: [], sort_list: [{ key: 'gross_amount', direction: 'DESC' }] };
    expect((await pageOf({ q: newestFirst, o: ids[3] })).items).toEqual([{ gross_amount: 300 }, { gross_amount: 200 }]);
  });

  it('creates a monthly plan and cancels it; refuses intervals the sandbox does not run', async () => {
    const { run, pm } = setup();
    const input = {
      merchant_uid: MERCHANT,
      amount: 2500,
      payment_interval: 'MONTHLY',
      payment_method_id: pm,
      recurring_name: 'Monthly',
      metadata: '{}',
    };
    const create = `mutation($input: RecurringPaymentInput!) { createRecurringPayment(input: $input) { recurring_id status is_active next_payment_date } }`;
    const created = await run(create, { input });
    const plan = created.data?.createRecurringPayment as { recurring_id: string; is_active: boolean };
    expect(plan).toMatchObject({ status: 'SUCCESS', is_active: true });
    const cancelled = await run('mutation($id: String!) { cancelRecurringPayment(recurring_id: $id) }', {
      id: plan.recurring_id,
    });
    expect(cancelled.data).toEqual({ cancelRecurringPayment: true });
    expect(codeOf(await run(create, { input: { ...input, payment_interval: 'WEEKLY' } }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await run(create, { input: { ...input, payment_interval: 'HOURLY' } }))).toBe('BAD_USER_INPUT');
  });

  it('reverses with a documented refund reason code only', async () => {
    const { run, pm } = setup();
    const charged = await run(CREATE, { m: MERCHANT, a: 2500, p: pm });
    const id = (charged.data?.createTransaction as { transaction_id: string }).transaction_id;
    const reverse = `mutation($t: String!, $a: Int!, $r: RefundReasonInput!) { createReversal(transaction_id: $t, amount: $a, refund_reason: $r) { is_void transaction_id } }`;
    expect(codeOf(await run(reverse, { t: id, a: 2500, r: { reason_code: 'CHANGED_MIND' } }))).toBe('BAD_USER_INPUT');
    const reversed = await run(reverse, { t: id, a: 2500, r: { reason_code: 'REQUESTED_BY_CUSTOMER' } });
    expect(reversed.data?.createReversal).toEqual({ is_void: false, transaction_id: expect.any(String) });
  });

  it('answers createReversal as documented: a refund when settled, a void (with the replacement of a partial one) when not', async () => {
    const reverse = `mutation($t: String!, $a: Int!) { createReversal(transaction_id: $t, amount: $a, refund_reason: { reason_code: REQUESTED_BY_CUSTOMER }) { is_void transaction_id } }`;
    const chargeWith = async (run: ReturnType<typeof setup>['run'], pm: string) =>
      ((await run(CREATE, { m: MERCHANT, a: 2500, p: pm })).data?.createTransaction as { transaction_id: string })
        .transaction_id;
    const unsettled = setup({ autoSettle: false });
    const whole = await chargeWith(unsettled.run, unsettled.pm);
    expect((await unsettled.run(reverse, { t: whole, a: 2500 })).data?.createReversal).toEqual({
      is_void: true,
      transaction_id: null,
    });
    const part = await chargeWith(unsettled.run, unsettled.pm);
    const partial = (await unsettled.run(reverse, { t: part, a: 1000 })).data?.createReversal as {
      transaction_id: string;
    };
    expect(partial).toEqual({ is_void: true, transaction_id: expect.stringMatching(/^pt_txn_/) });
    const listed = await unsettled.run(
      `query($q: SqlQuery) { transactions(query: $q) { items { transaction_id status gross_amount parent_id is_settled } } }`,
      {
        q: { query_list: [{ key: 'transaction_id', in_values: [part, partial.transaction_id], operator: 'IN_LIST' }] },
      },
    );
    expect(listed.data?.transactions).toEqual({
      items: [
        { transaction_id: part, status: 'VOIDED', gross_amount: 2500, parent_id: null, is_settled: false },
        {
          transaction_id: partial.transaction_id,
          status: 'SUCCEEDED',
          gross_amount: 1500,
          parent_id: part,
          is_settled: false,
        },
      ],
    });
    const settled = setup();
    const refunded = await chargeWith(settled.run, settled.pm);
    expect((await settled.run(reverse, { t: refunded, a: 1000 })).data?.createReversal).toEqual({
      is_void: false,
      transaction_id: expect.stringMatching(/^pt_txn_/),
    });
  });

  it('tokenizes a card only with the documented required fields, postal code included', async () => {
    const { run } = setup();
    const create = `mutation($m: String!, $pm: PaymentMethodInput!) { createPaymentMethod(merchant_uid: $m, payment_method: $pm) { payment_method_id last_four card_brand } }`;
    const card = { card_number: '5454545454545454', security_code: '123', exp_date: { month: '12', year: '40' } };
    expect(codeOf(await run(create, { m: MERCHANT, pm: { card } }))).toBe('BAD_USER_INPUT');
    const ok = await run(create, { m: MERCHANT, pm: { card: { ...card, postal_code: '19106' } } });
    expect(ok.data?.createPaymentMethod).toMatchObject({ last_four: '5454', card_brand: 'MASTERCARD' });
    const bad = await run(create, { m: MERCHANT, pm: { card: { ...card, postal_code: '19106', security_code: '1' } } });
    expect(codeOf(bad)).toBe('NOT_VALID');
  });

  it('answers introspection', async () => {
    const { run } = setup();
    const result = await run(getIntrospectionQuery());
    expect(result.errors).toBeUndefined();
    const types = (result.data as { __schema: { types: { name: string }[] } }).__schema.types.map((t) => t.name);
    expect(types).toEqual(
      expect.arrayContaining(['Transaction', 'RecurringPaymentInput', 'RefundReasonInput', 'AWSJSON']),
    );
  });
});

describe('query lists', () => {
  const record = { status: 'SETTLED', gross_amount: 150, reference: 'test-1', is_settled: true };
  it('joins pairs with AND_NEXT / OR_NEXT and supports groups, LIKE, IN_LIST and the null/boolean operators', () => {
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
    expect(matchesQueryList(record, [{ key: 'parent_id', operator: 'IS_NULL' }])).toBe(true);
    expect(matchesQueryList(record, [{ key: 'is_settled', operator: 'EQUAL_TRUE' }])).toBe(true);
    expect(matchesQueryList(record, [])).toBe(true);
  });
});
