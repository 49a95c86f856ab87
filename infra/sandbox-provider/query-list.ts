/**
 * Pay Theory's list filters (docs: "Querying the API"): a `query_list` of query pairs joined by
 * AND_NEXT / OR_NEXT, nested with `query_group`. Used for the top-level `query` argument and for
 * the nested `metadata(query_list: …)` filter the adapter finds charges by idempotency key with.
 * graphql-js has coerced the pairs against the schema's QueryPair before they get here.
 */
export interface QueryPair {
  key?: string | null | undefined;
  value?: string | null | undefined;
  in_values?: (string | null)[] | null | undefined;
  operator?: string | null | undefined;
  conjunctive_operator?: string | null | undefined;
  query_group?: QueryPair[] | null | undefined;
}

function like(value: string, pattern: string): boolean {
  const source = pattern
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/%/g, '.*')
    .replace(/_/g, '.');
  return new RegExp(`^${source}$`, 's').test(value);
}

/** Numbers (amounts, batch numbers) compare as numbers, everything else (ISO dates, ids) as text. */
export function compareValues(actual: string, expected: string): number {
  const a = Number(actual);
  const b = Number(expected);
  if (actual !== '' && expected !== '' && Number.isFinite(a) && Number.isFinite(b)) return a - b;
  return actual < expected ? -1 : actual > expected ? 1 : 0;
}

function matchesPair(record: Record<string, unknown>, pair: QueryPair): boolean {
  if (pair.query_group && pair.query_group.length > 0) return matchesQueryList(record, pair.query_group);
  const raw = pair.key ? record[pair.key] : undefined;
  if (pair.operator === 'IS_NULL') return raw === undefined || raw === null;
  if (pair.operator === 'IS_NOT_NULL') return raw !== undefined && raw !== null;
  if (pair.operator === 'EQUAL_TRUE') return raw === true || raw === 'true';
  if (pair.operator === 'EQUAL_FALSE') return raw === false || raw === 'false';
  if (raw === undefined || raw === null) return pair.operator === 'NOT_EQUAL' || pair.operator === 'NOT_IN_LIST';
  const actual = typeof raw === 'string' ? raw : JSON.stringify(raw);
  const expected = pair.value ?? '';
  const list = pair.in_values ?? [];
  switch (pair.operator ?? 'EQUAL') {
    case 'EQUAL':
      return actual === expected;
    case 'NOT_EQUAL':
      return actual !== expected;
    case 'LIKE':
      return like(actual, expected);
    case 'NOT_LIKE':
      return !like(actual, expected);
    case 'IN_LIST':
      return list.includes(actual);
    case 'NOT_IN_LIST':
      return !list.includes(actual);
    case 'GREATER_THAN':
      return compareValues(actual, expected) > 0;
    case 'GREATER_EQUAL':
      return compareValues(actual, expected) >= 0;
    case 'LESS_THAN':
      return compareValues(actual, expected) < 0;
    case 'LESS_EQUAL':
      return compareValues(actual, expected) <= 0;
    default:
      return false;
  }
}

/** Left to right, each pair's conjunctive operator joining it to the next; empty matches all. */
export function matchesQueryList(record: Record<string, unknown>, list: QueryPair[] | null | undefined): boolean {
  if (!list || list.length === 0) return true;
  let result = matchesPair(record, list[0] as QueryPair);
  for (let i = 1; i < list.length; i += 1) {
    const joiner = list[i - 1]?.conjunctive_operator;
    const next = matchesPair(record, list[i] as QueryPair);
    result = joiner === 'OR_NEXT' ? result || next : result && next;
  }
  return result;
}
