import { describe, expect, it } from 'vitest';
import { serializeError } from './serialize-error';

describe('serializeError', () => {
  it("keeps a connection failure's aggregated errors by code and address", () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
      errno: -111,
      syscall: 'connect',
      address: '127.0.0.1',
      port: 5432,
    });
    const error = new AggregateError([refused, refused], '');
    expect(serializeError(error)).toMatchObject({
      type: 'AggregateError',
      errors: [{ code: 'ECONNREFUSED', errno: -111, syscall: 'connect', address: '127.0.0.1', port: 5432 }, {}],
    });
  });

  it('follows a cause chain a bounded depth, even a cycle', () => {
    const error = new Error('outer');
    (error as { cause?: unknown }).cause = error;
    const text = JSON.stringify(serializeError(error));
    expect(text.match(/"outer"/g)).toHaveLength(5);
  });

  it('describes thrown non-errors by their type, strings by their scrubbed text', () => {
    expect(serializeError({ email: 'someone@example.org' })).toBe('[non-error object]');
    expect(serializeError('Failed query: select 1\nparams: someone@example.org')).toBe(
      'Failed query: select 1\nparams: [redacted]',
    );
  });

  it('keeps a named error class and its fixed reason, not its other fields', () => {
    class AcceptConflict extends Error {
      readonly body = { email: 'someone@example.org' };
      constructor(readonly reason: string) {
        super(reason);
        this.name = 'AcceptConflict';
      }
    }
    const out = serializeError(new AcceptConflict('another request'));
    expect(out).toMatchObject({ type: 'AcceptConflict', reason: 'another request', message: 'another request' });
    expect(JSON.stringify(out)).not.toContain('someone@example.org');
  });
});
