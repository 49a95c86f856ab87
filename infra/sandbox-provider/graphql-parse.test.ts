import { describe, expect, it } from 'vitest';
import { type FieldNode, GraphQLSyntaxError, findField, parseOperation, project, resolveArgs } from './graphql-parse';

function firstField(source: string): FieldNode {
  const [field] = parseOperation(source).selections;
  if (!field) throw new Error('no field');
  return field;
}

describe('graphql-parse', () => {
  it('parses a named mutation with variables, literals, lists and objects', () => {
    const source = `
      # leading comment
      mutation CreateReversal($id: String!, $amount: Int!) {
        refund: createReversal(transaction_id: $id, amount: $amount, refund_reason: { reason_code: REQUESTED_BY_CUSTOMER, reason_details: "a \\"quoted\\" text" }, tags: [1, 2.5, true, null]) {
          is_void
          transaction_id
        }
      }`;
    const op = parseOperation(source);
    expect(op.type).toBe('mutation');
    expect(op.name).toBe('CreateReversal');
    const field = firstField(source);
    expect(field.alias).toBe('refund');
    expect(field.name).toBe('createReversal');
    expect(resolveArgs(field, { id: 'pt_txn_1', amount: 2500 })).toEqual({
      transaction_id: 'pt_txn_1',
      amount: 2500,
      refund_reason: { reason_code: 'REQUESTED_BY_CUSTOMER', reason_details: 'a "quoted" text' },
      tags: [1, 2.5, true, null],
    });
  });

  it('reads the shorthand query form and nested field arguments', () => {
    const source = '{ transactions(limit: 3) { items { transaction_id metadata(query_list: $q) } } }';
    expect(parseOperation(source).type).toBe('query');
    const metadata = findField(firstField(source), ['items', 'metadata']);
    expect(metadata && resolveArgs(metadata, { q: [{ key: 'k' }] })).toEqual({ query_list: [{ key: 'k' }] });
  });

  it('rejects fragments, directives, several operations and junk', () => {
    expect(() => parseOperation('{ a { ...F } }')).toThrow(GraphQLSyntaxError);
    expect(() => parseOperation('{ a @include(if: true) }')).toThrow(GraphQLSyntaxError);
    expect(() => parseOperation('{ a } { b }')).toThrow(GraphQLSyntaxError);
    expect(() => parseOperation('subscription { a }')).toThrow(GraphQLSyntaxError);
    expect(() => parseOperation('{ a ')).toThrow(GraphQLSyntaxError);
    expect(() => parseOperation('{ a % }')).toThrow(GraphQLSyntaxError);
  });

  it('projects an answer onto the selection, with aliases and nulls', () => {
    const field = firstField('{ t { id: transaction_id payment_method { last_four } recurring { recurring_id } } }');
    const value = {
      transaction_id: 'x',
      secret: 'no',
      payment_method: { last_four: '1111', brand: 'VISA' },
      recurring: null,
    };
    expect(project(field.selections, [value])).toEqual([
      { id: 'x', payment_method: { last_four: '1111' }, recurring: null },
    ]);
  });
});
