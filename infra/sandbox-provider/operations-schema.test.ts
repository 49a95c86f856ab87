import { OPERATION_DOCUMENTS } from '@pillars/money/provider';
import { Kind, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildPayTheorySchema } from './schema';

/**
 * The adapter may only use what Pay Theory documents: every document it sends is validated
 * against paytheory.graphql, the same file the sandbox executes.
 */
const schema = buildPayTheorySchema();

describe('the adapter operation documents', () => {
  it.each(Object.entries(OPERATION_DOCUMENTS))('%s is valid against the documented schema', (name, source) => {
    const document = parse(source);
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
    const [operation] = document.definitions;
    expect(operation?.kind === Kind.OPERATION_DEFINITION ? operation.name?.value : null).toBe(name);
  });

  it('rejects a document using a field, argument or type the documented API lacks', () => {
    const messages = [
      'query { transactions(merchant_uid: "m") { items { transaction_id } } }',
      'query { transactions { items { receipt_number } } }',
      'mutation($r: RefundReason!) { createReversal(transaction_id: "t", amount: 1, refund_reason: $r) { is_void } }',
      'mutation($m: JSON) { createTransaction(merchant_uid: "m", amount: 1, metadata: $m) { transaction_id } }',
    ].map((source) => validate(schema, parse(source)).map((error) => error.message));
    expect(messages).toEqual([
      [expect.stringContaining('Unknown argument "merchant_uid"')],
      [expect.stringContaining('Cannot query field "receipt_number"')],
      [
        expect.stringContaining('cannot be non-input type "RefundReason!"'),
        expect.stringContaining('used in position expecting type "RefundReasonInput!"'),
      ],
      [expect.stringContaining('Unknown type "JSON"')],
    ]);
  });
});
