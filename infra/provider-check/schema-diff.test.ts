import { OPERATION_DOCUMENTS } from '@pillars/money/provider';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildPayTheorySchema, schemaSource } from '@pillars/sandbox-provider/schema';
import { schemaDifferences } from './schema-diff';

const local = buildPayTheorySchema();

/** The documented schema with some text replaced: a provider that drifted from its docs. */
function drifted(...edits: [string | RegExp, string][]) {
  let source = schemaSource();
  for (const [from, to] of edits) {
    const next = source.replace(from, to);
    if (next === source) throw new Error(`edit not applied: ${String(from)}`);
    source = next;
  }
  return buildSchema(source);
}

describe('schema differences', () => {
  it('finds none between the schema file and itself', () => {
    expect(schemaDifferences(local, buildSchema(schemaSource()), OPERATION_DOCUMENTS)).toEqual([]);
  });

  it('names each used field, argument, input field and enum value that differs', () => {
    const remote = drifted(
      [/\n {2}refunded_amount: Int\n/, '\n'],
      ['    invoice_id: String\n', '    invoice_id: ID\n'],
      ['  "Required (types.json)."\n  postal_code: String!', '  postal_code: String!\n  zip_plus_four: String!'],
      ['  REQUESTED_BY_CUSTOMER\n}', '  CUSTOMER_REQUEST\n}'],
    );
    const differences = schemaDifferences(local, remote, OPERATION_DOCUMENTS);
    expect(differences).toEqual(
      expect.arrayContaining([
        'Transaction.refunded_amount: missing at the provider',
        expect.stringMatching(/^(CreateTransaction|FindTransactions): Cannot query field "refunded_amount"/),
        'input CardInput.zip_plus_four: the provider requires it (String!); the schema file lacks it',
        'enum RefundReasonCode: the provider lacks REQUESTED_BY_CUSTOMER',
        'enum RefundReasonCode: the provider adds CUSTOMER_REQUEST',
      ]),
    );
    // Arguments the adapter does not pass are not its concern.
    expect(differences.join('\n')).not.toContain('invoice_id');
  });

  it('reports an argument whose type differs', () => {
    const remote = drifted([
      '  cancelRecurringPayment(recurring_id: String!)',
      '  cancelRecurringPayment(recurring_id: ID!)',
    ]);
    expect(schemaDifferences(local, remote, OPERATION_DOCUMENTS)).toEqual([
      expect.stringContaining(
        'CancelRecurringPayment: Variable "$recurring_id" of type "String!" used in position expecting type "ID!"',
      ),
      'Mutation.cancelRecurringPayment(recurring_id): documented String!, provider has ID!',
    ]);
  });
});
