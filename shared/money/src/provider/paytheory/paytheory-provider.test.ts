import { describe, expect, it } from 'vitest';
import { type Payor, TransientProviderError } from '../provider';
import { createPayTheoryProvider } from './paytheory-provider';

const payor: Payor = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' };

/** The document's first root field, e.g. `transactions`: what the stub's table is keyed by. */
const rootFieldOf = (query: string) => /[_A-Za-z]\w*/.exec(query.slice(query.indexOf('{') + 1))?.[0] ?? '';

/** A stub Pay Theory: answers each operation by its root field from a table, recording what was sent. */
function provider(answers: Record<string, (variables: Record<string, unknown>) => unknown>) {
  const sent: { query: string; operationName?: string; variables: Record<string, unknown> }[] = [];
  const fetchStub = ((_url: string | URL | Request, init?: RequestInit) => {
    const body = JSON.parse(init?.body as string) as (typeof sent)[number];
    sent.push(body);
    const answer = answers[rootFieldOf(body.query)];
    if (!answer)
      return Promise.resolve(new Response(JSON.stringify({ errors: [{ message: 'unexpected' }] }), { status: 400 }));
    return Promise.resolve(new Response(JSON.stringify(answer(body.variables)), { status: 200 }));
  }) as typeof fetch;
  const p = createPayTheoryProvider({
    graphqlUrl: 'http://provider.test/graphql',
    merchantUid: 'merchant-1',
    secretKey: 'secret',
    liveMode: false,
    post: fetchStub,
  });
  return { p, sent };
}

/** The answer of a transactions query: `items`, and the total over all pages when the test needs it. */
const listed = (items: unknown[], total?: number) => () => ({
  data: { transactions: { items, ...(total === undefined ? {} : { total_row_count: total }) } },
});

const txn = (overrides: Record<string, unknown> = {}) => ({
  transaction_id: 'pt_txn_1',
  gross_amount: 2500,
  refunded_amount: 0,
  status: 'SUCCEEDED',
  transaction_type: 'DEBIT',
  failure_reasons: null,
  parent_id: null,
  transaction_date: '2026-01-01T00:00:00Z',
  recurring: null,
  ...overrides,
});

describe('Pay Theory provider', () => {
  it('charges with the idempotency key in metadata and maps success', async () => {
    const { p, sent } = provider({ createTransaction: () => ({ data: { createTransaction: txn() } }) });
    const outcome = await p.charge({
      amountCents: 2500,
      paymentMethodId: 'pt_pmt_1',
      idempotencyKey: 'key-1',
      payor,
      metadata: { payment_id: 'p1' },
    });
    expect(outcome).toEqual({
      status: 'succeeded',
      transactionId: 'pt_txn_1',
      amountCents: 2500,
    });
    expect(sent[0]?.variables).toMatchObject({
      merchant_uid: 'merchant-1',
      amount: 2500,
      payment_method_id: 'pt_pmt_1',
    });
    expect(JSON.parse(sent[0]?.variables.metadata as string)).toEqual({ payment_id: 'p1', idempotency_key: 'key-1' });
  });

  it('maps a FAILED transaction to a decline with the failure code and a text', async () => {
    const { p } = provider({
      createTransaction: () => ({
        data: {
          createTransaction: txn({
            status: 'FAILED',
            transaction_type: 'FAILURE',
            failure_reasons: ['INSUFFICIENT_FUNDS'],
          }),
        },
      }),
    });
    const outcome = await p.charge({ amountCents: 193, paymentMethodId: 'pt_pmt_1', idempotencyKey: 'k', payor });
    expect(outcome).toMatchObject({ status: 'declined', code: 'INSUFFICIENT_FUNDS', transactionId: 'pt_txn_1' });
    expect(outcome.status === 'declined' && outcome.message).toMatch(/insufficient funds/);
  });

  it("lists a charge's disputes dated from a day before it, oldest first, paged, keeping only that charge's", async () => {
    const dispute = (id: string, date: string, transactionId = 'pt_txn_1') => ({
      dispute_id: id,
      status: 'PENDING',
      reason: 'FRAUD',
      reason_message: null,
      amount: 2500,
      dispute_date: date,
      expiration_date: '2026-02-15T00:00:00Z',
      updated_date: date,
      transaction: { transaction_id: transactionId },
    });
    // A full first page (100 items, the last of them this charge's), then a short second page.
    const first = [
      ...Array.from({ length: 99 }, (_, i) => dispute(`pt_disp_o${String(i)}`, '2026-01-02T00:00:00Z', 'pt_txn_9')),
      dispute('pt_disp_2', '2026-02-01T00:00:00Z'),
    ];
    const second = [dispute('pt_disp_1', '2026-01-10T00:00:00Z'), dispute('pt_disp_x', '2026-02-02T00:00:00Z', 'x')];
    const { p, sent } = provider({
      transactions: listed([txn({ transaction_date: '2026-01-05T12:00:00Z' })], 1),
      disputes: (variables) => ({
        data: { disputes: { items: variables.offset_id ? second : first, total_row_count: 102 } },
      }),
    });
    const found = await p.getChargeDisputes('pt_txn_1');
    expect(found.map((d) => d.disputeId)).toEqual(['pt_disp_1', 'pt_disp_2']);
    expect(found[0]).toEqual({
      disputeId: 'pt_disp_1',
      transactionId: 'pt_txn_1',
      status: 'PENDING',
      amountCents: 2500,
      reason: 'FRAUD',
      reasonMessage: null,
      disputeDate: '2026-01-10T00:00:00Z',
      expirationDate: '2026-02-15T00:00:00Z',
      updatedDate: '2026-01-10T00:00:00Z',
    });
    const disputeCalls = sent.filter((call) => call.operationName === 'FindDisputes');
    expect(disputeCalls.map((call) => call.variables)).toEqual([
      {
        limit: 100,
        query: {
          query_list: [
            {
              key: 'dispute_date',
              value: '2026-01-04T12:00:00.000Z',
              operator: 'GREATER_EQUAL',
              conjunctive_operator: 'NONE_NEXT',
            },
          ],
          sort_list: [{ key: 'dispute_date', direction: 'ASC' }],
        },
      },
      expect.objectContaining({ offset_id: 'pt_disp_2', direction: 'FORWARD' }),
    ]);
  });

  it('lists no disputes for a charge the provider does not show', async () => {
    const { p, sent } = provider({
      transactions: listed([], 0),
    });
    expect(await p.getChargeDisputes('pt_txn_gone')).toEqual([]);
    expect(sent.map((call) => call.operationName)).toEqual(['FindTransactions']);
  });

  it('finds a one-time charge by key, ignoring recurring instalments and reversals', async () => {
    const { p, sent } = provider({
      transactions: listed([
        txn({ transaction_id: 'instalment', recurring: { recurring_id: 'pt_rec_1' } }),
        txn({ transaction_id: 'refund', transaction_type: 'REVERSAL' }),
        txn({ transaction_id: 'one-time' }),
      ]),
    });
    await expect(p.findChargeByIdempotencyKey('key-1')).resolves.toMatchObject({ transactionId: 'one-time' });
    expect(sent[0]?.variables.metadata_query).toEqual([
      { key: 'idempotency_key', value: 'key-1', operator: 'EQUAL', conjunctive_operator: 'NONE_NEXT' },
    ]);
  });

  it('reverses a part of a charge, and reports a refusal as a RefundRejectedError', async () => {
    const { p, sent } = provider({
      transactions: listed([txn({ is_settled: true })]),
      createReversal: (variables) =>
        variables.amount === 9999
          ? { data: null, errors: [{ message: 'refund amount too large', extensions: { code: 'INVALID_AMOUNT' } }] }
          : { data: { createReversal: { is_void: false, transaction_id: 'pt_rev_1' } } },
    });
    await expect(p.reverse('pt_txn_1', 1000)).resolves.toEqual({
      refundId: 'pt_rev_1',
      isVoid: false,
      replacementTransactionId: null,
    });
    expect(sent.find((body) => body.variables.transaction_id)?.variables).toMatchObject({
      transaction_id: 'pt_txn_1',
      amount: 1000,
      refund_reason: { reason_code: 'REQUESTED_BY_CUSTOMER' },
    });
    await expect(p.reverse('pt_txn_1', 9999)).rejects.toMatchObject({
      name: 'RefundRejectedError',
      code: 'INVALID_AMOUNT',
    });
  });

  it('voids all of a charge not settled yet: the voided charge is the reference', async () => {
    const { p, sent } = provider({
      transactions: listed([txn({ is_settled: false, status: 'PENDING' })]),
      createReversal: () => ({ data: { createReversal: { is_void: true, transaction_id: null } } }),
    });
    await expect(p.reverse('pt_txn_1', 2500)).resolves.toEqual({
      refundId: 'pt_txn_1',
      isVoid: true,
      replacementTransactionId: null,
    });
    expect(sent.filter((body) => body.query.includes('createReversal'))).toHaveLength(1);
  });

  it('voids a part of a charge not settled yet, answering the replacement that is now the charge', async () => {
    const { p, sent } = provider({
      transactions: listed([txn({ is_settled: false })]),
      createReversal: () => ({ data: { createReversal: { is_void: true, transaction_id: 'pt_txn_adjusted' } } }),
    });
    await expect(p.reverse('pt_txn_1', 1000)).resolves.toEqual({
      refundId: 'pt_txn_1',
      isVoid: true,
      replacementTransactionId: 'pt_txn_adjusted',
    });
    expect(sent.find((body) => body.query.includes('createReversal'))?.variables).toMatchObject({ amount: 1000 });
  });

  it("reads a charge's state: status, settlement, batch and review flag", async () => {
    const { p } = provider({
      transactions: listed([
        txn({
          status: 'SETTLED',
          is_settled: true,
          settlement_batch: 42,
          flag_for_review: 'POTENTIAL_DUPLICATE',
        }),
      ]),
    });
    await expect(p.getChargeDetails('pt_txn_1')).resolves.toMatchObject({
      state: { status: 'SETTLED', settled: true, settlementBatch: 42, reviewFlag: 'POTENTIAL_DUPLICATE' },
    });
    await expect(p.getChargeRefunds('pt_txn_1')).resolves.toMatchObject({
      state: { status: 'SETTLED', settled: true, settlementBatch: 42, reviewFlag: 'POTENTIAL_DUPLICATE' },
      replacement: null,
    });
  });

  it("names the charge a partial void's replacement stands in for, so it is never taken for a new charge", async () => {
    const replacement = txn({ transaction_id: 'pt_txn_2', gross_amount: 1500, parent_id: 'pt_txn_1' });
    const { p } = provider({ transactions: listed([replacement]) });
    await expect(p.getChargeDetails('pt_txn_2')).resolves.toMatchObject({
      transactionId: 'pt_txn_2',
      replaces: 'pt_txn_1',
    });
    const plain = provider({ transactions: listed([txn()]) }).p;
    await expect(plain.getChargeDetails('pt_txn_1')).resolves.toMatchObject({ replaces: null });
  });

  it("lists a charge voided in part and its replacement as one charge, still reversing a real duplicate's", async () => {
    const listing = (items: unknown[]) => provider({ transactions: listed(items) }).p.listChargesByIdempotencyKey('k');
    const voided = txn({ transaction_id: 'pt_a', status: 'VOIDED' });
    const replacement = txn({
      transaction_id: 'pt_a2',
      gross_amount: 1500,
      parent_id: 'pt_a',
      transaction_date: '2026-01-01T00:05:00Z',
    });
    const again = txn({ transaction_id: 'pt_a3', gross_amount: 900, parent_id: 'pt_a2', status: 'PENDING' });
    const duplicate = txn({ transaction_id: 'pt_b', transaction_date: '2026-01-01T00:01:00Z' });
    await expect(listing([voided, duplicate, replacement])).resolves.toEqual([
      { status: 'succeeded', transactionId: 'pt_a2', amountCents: 1500, replaced: ['pt_a'] },
      { status: 'succeeded', transactionId: 'pt_b', amountCents: 2500 },
    ]);
    // Voided again in part: the chain's last replacement holds the charge.
    await expect(listing([voided, { ...replacement, status: 'VOIDED' }, again])).resolves.toEqual([
      { status: 'succeeded', transactionId: 'pt_a3', amountCents: 900, replaced: ['pt_a', 'pt_a2'] },
    ]);
    // The voided charge not listed yet (a query's lag): the replacement still names it.
    await expect(listing([replacement])).resolves.toEqual([
      { status: 'succeeded', transactionId: 'pt_a2', amountCents: 1500, replaced: ['pt_a'] },
    ]);
    // Voided whole: a charge that holds nothing.
    await expect(listing([voided])).resolves.toEqual([
      expect.objectContaining({ status: 'declined', code: 'VOIDED', transactionId: 'pt_a' }),
    ]);
  });

  it("reads a charge's refunds as the larger of refunded_amount and its visible reversals", async () => {
    const reversal = (id: string, amount: number) =>
      txn({ transaction_id: id, gross_amount: amount, transaction_type: 'REVERSAL', parent_id: 'pt_txn_1' });
    const answer = (original: Record<string, unknown>, reversals: unknown[]) =>
      provider({
        transactions: (variables) => {
          const pair = (variables.query as { query_list: { key: string }[] }).query_list[0];
          return { data: { transactions: { items: pair?.key === 'parent_id' ? reversals : [txn(original)] } } };
        },
      }).p;
    // Pay Theory's total has not caught up with a reversal that is already listed.
    await expect(
      answer({ refunded_amount: 0 }, [reversal('pt_rev_1', 500)]).getChargeRefunds('pt_txn_1'),
    ).resolves.toEqual({
      transactionId: 'pt_txn_1',
      grossCents: 2500,
      refundedCents: 500,
      reversals: [{ refundId: 'pt_rev_1', amountCents: 500, date: '2026-01-01T00:00:00Z' }],
      state: { status: 'SUCCEEDED', settled: null, settlementBatch: null, reviewFlag: null },
      replacement: null,
    });
    // The total is ahead of the listed reversals.
    await expect(
      answer({ refunded_amount: 1500, status: 'PARTIALLY_REFUNDED' }, []).getChargeRefunds('pt_txn_1'),
    ).resolves.toMatchObject({
      refundedCents: 1500,
    });
    // A void leaves no reversal: the whole charge is given back.
    await expect(answer({ status: 'VOIDED' }, []).getChargeRefunds('pt_txn_1')).resolves.toMatchObject({
      refundedCents: 2500,
    });
    // A partial void: the replacement (a debit whose parent is the voided charge) keeps the rest.
    const replacement = txn({
      transaction_id: 'pt_txn_2',
      gross_amount: 1500,
      status: 'PENDING',
      parent_id: 'pt_txn_1',
    });
    await expect(answer({ status: 'VOIDED' }, [replacement]).getChargeRefunds('pt_txn_1')).resolves.toMatchObject({
      refundedCents: 1000,
      reversals: [],
      replacement: { transactionId: 'pt_txn_2', amountCents: 1500, state: { status: 'PENDING' } },
    });
    await expect(answer({ transaction_type: 'REVERSAL' }, []).getChargeRefunds('pt_txn_1')).resolves.toBeNull();
  });

  it('answers null when nothing matches', async () => {
    const { p } = provider({ transactions: listed([]) });
    await expect(p.findChargeByIdempotencyKey('none')).resolves.toBeNull();
    await expect(p.getCharge('pt_txn_none')).resolves.toBeNull();
  });

  it('reports an invalid card from createPaymentMethod as an invalid outcome', async () => {
    const { p } = provider({
      createPaymentMethod: () => ({
        data: null,
        errors: [{ message: 'NOT_VALID: card number is not valid', extensions: { code: 'NOT_VALID' } }],
      }),
    });
    const outcome = await p.tokenizeCard(
      { number: '4111111111111112', securityCode: '123', expMonth: '12', expYear: '2030', postalCode: '19106' },
      payor,
    );
    expect(outcome).toEqual({ status: 'invalid', message: 'The card details are not valid.' });
  });

  it('refuses a card without a postal code before calling Pay Theory, which requires one', async () => {
    const { p, sent } = provider({});
    for (const postalCode of [undefined, '  ']) {
      const outcome = await p.tokenizeCard(
        { number: '4111111111111111', securityCode: '123', expMonth: '12', expYear: '2030', postalCode },
        payor,
      );
      expect(outcome).toEqual({ status: 'invalid', message: expect.stringContaining('ZIP'), missing: 'postalCode' });
    }
    expect(sent).toEqual([]);
  });

  it('sends the postal code and the documented card shape to createPaymentMethod', async () => {
    const { p, sent } = provider({
      createPaymentMethod: () => ({
        data: { createPaymentMethod: { payment_method_id: 'pt_pmt_1', last_four: '1111', card_brand: 'VISA' } },
      }),
    });
    await p.tokenizeCard(
      { number: '4111111111111111', securityCode: '123', expMonth: '2', expYear: '2030', postalCode: ' 19106 ' },
      payor,
    );
    expect(sent[0]?.variables).toMatchObject({
      merchant_uid: 'merchant-1',
      payment_method: {
        card: { card_number: '4111111111111111', exp_date: { month: '02', year: '30' }, postal_code: '19106' },
        payor: { full_name: 'Ada Lovelace', email: 'ada@example.org' },
      },
    });
  });

  it('answers a plan whose first instalment is not visible yet as awaiting it, not as an error', async () => {
    const { p } = provider({
      createRecurringPayment: () => ({
        data: {
          createRecurringPayment: {
            recurring_id: 'pt_rec_1',
            status: 'SUCCESS',
            is_active: true,
            next_payment_date: '2026-02-01',
          },
        },
      }),
      transactions: listed([]),
    });
    await expect(
      p.createRecurring({
        amountCents: 2500,
        paymentMethodId: 'pt_pmt_1',
        idempotencyKey: 'k',
        payor,
        interval: 'MONTHLY',
      }),
    ).resolves.toEqual({ status: 'awaiting', recurringId: 'pt_rec_1' });
  });

  it('looks a plan answered without next_payment_date up again, and finds it active with its date', async () => {
    const plan = { recurring_id: 'pt_rec_1', status: 'SUCCESS', is_active: true };
    const first = txn({ recurring: { recurring_id: 'pt_rec_1' } });
    const { p } = provider({
      createRecurringPayment: () => ({ data: { createRecurringPayment: plan } }),
      recurringPayments: () => ({
        data: { recurringPayments: { items: [{ ...plan, next_payment_date: '2026-02-01T00:00:00Z' }] } },
      }),
      transactions: listed([first]),
    });
    const request = { amountCents: 2500, paymentMethodId: 'pt_pmt_1', idempotencyKey: 'k', payor } as const;
    const created = await p.createRecurring({ ...request, interval: 'MONTHLY' }).catch((e: unknown) => e);
    expect(created).toBeInstanceOf(TransientProviderError);
    expect((created as Error).message).toContain('no next_payment_date');
    await expect(p.findRecurringByIdempotencyKey('k')).resolves.toEqual({
      status: 'active',
      recurringId: 'pt_rec_1',
      nextPaymentDate: '2026-02-01',
      firstCharge: { status: 'succeeded', transactionId: 'pt_txn_1', amountCents: 2500 },
    });
  });

  it('lists settlements page by page from a date, reading the 64-bit totals first', async () => {
    const batch = (n: number) => ({
      settlement_batch: n,
      settlement_date: new Date(Date.UTC(2026, 2, 1) + n * 3600_000).toISOString(),
      gross_amount: 0,
      gross_amount_64bit: String(5000000000 + n),
      total_fees: 30,
      total_fees_64bit: null,
      net_amount: 10,
      status: 'SUCCEEDED',
    });
    // A full first page (100 batches), then a page that repeats its last item and adds one: the
    // listing reads both, keeps each batch once, and stops at the short page.
    const { p, sent } = provider({
      settlements: (variables) => ({
        data: {
          settlements: {
            items: variables.offset_id ? [batch(100), batch(101)] : Array.from({ length: 100 }, (_, i) => batch(i + 1)),
          },
        },
      }),
    });
    const listed = await p.listSettlements({ since: new Date('2026-03-01T00:00:00Z') });
    expect(listed.map((s) => s.batch)).toEqual(Array.from({ length: 101 }, (_, i) => i + 1));
    expect(listed[0]).toMatchObject({ grossCents: 5000000001, feesCents: 30, netCents: 10, adjustmentsCents: 0 });
    expect(sent.map((s) => s.variables)).toEqual([
      expect.objectContaining({
        direction: 'FORWARD',
        query: {
          query_list: [
            expect.objectContaining({
              key: 'settlement_date',
              value: '2026-03-01T00:00:00.000Z',
              operator: 'GREATER_EQUAL',
            }),
          ],
          sort_list: [{ key: 'settlement_date', direction: 'ASC' }],
        },
      }),
      expect.objectContaining({ offset: batch(100).settlement_date, offset_id: '100' }),
    ]);
  });

  it("lists a batch's transactions by settlement_batch, dropping any the answer says belong elsewhere", async () => {
    const { p, sent } = provider({
      transactions: listed([
        {
          transaction_id: 't1',
          transaction_type: 'DEBIT',
          status: 'SETTLED',
          gross_amount: 2500,
          fees: 103,
          net_amount: 2397,
          settlement_batch: 7,
        },
        {
          transaction_id: 't2',
          transaction_type: 'REVERSAL',
          status: 'SETTLED',
          gross_amount: 1000,
          fees: 0,
          net_amount: 1000,
          parent_id: 't1',
          settlement_batch: 7,
        },
        {
          transaction_id: 't3',
          transaction_type: 'DEBIT',
          status: 'SETTLED',
          gross_amount: 900,
          settlement_batch: 8,
        },
      ]),
    });
    expect(await p.listSettlementTransactions(7)).toEqual([
      {
        transactionId: 't1',
        type: 'DEBIT',
        status: 'SETTLED',
        grossCents: 2500,
        feesCents: 103,
        netCents: 2397,
        parentId: null,
        date: null,
      },
      {
        transactionId: 't2',
        type: 'REVERSAL',
        status: 'SETTLED',
        grossCents: 1000,
        feesCents: 0,
        netCents: 1000,
        parentId: 't1',
        date: null,
      },
    ]);
    expect(sent[0]?.variables.query).toMatchObject({
      query_list: [{ key: 'settlement_batch', value: '7', operator: 'EQUAL', conjunctive_operator: 'NONE_NEXT' }],
    });
  });
});
