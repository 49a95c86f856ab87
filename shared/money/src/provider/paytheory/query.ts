/** The query pairs of Pay Theory's list operations (docs: "Querying the API", query.md). */

/** A query pair matching one exact value (docs: "Querying the API"). */
export function equals(key: string, value: string) {
  return { key, value, operator: 'EQUAL', conjunctive_operator: 'NONE_NEXT' };
}

/** A query pair matching values at or after this one (docs: "Querying the API", GREATER_EQUAL). */
export function atLeast(key: string, value: string) {
  return { key, value, operator: 'GREATER_EQUAL', conjunctive_operator: 'NONE_NEXT' };
}

/** A query pair matching values before this one (docs: "Querying the API", LESS_THAN). */
export function below(key: string, value: string) {
  return { key, value, operator: 'LESS_THAN', conjunctive_operator: 'NONE_NEXT' };
}

/**
 * Pairs that must all hold: each but the last joined to the next by AND_NEXT (query.md: the
 * conjunctive operator says how a pair joins the one after it).
 */
export function allOf(...pairs: ReturnType<typeof equals>[]) {
  return pairs.map((pair, index) => ({
    ...pair,
    conjunctive_operator: index < pairs.length - 1 ? 'AND_NEXT' : 'NONE_NEXT',
  }));
}

/** Values within [from, to) of one field, as a query_list (docs: "Querying the API"). */
export function within(key: string, from: string, to: string) {
  return [
    { key, value: from, operator: 'GREATER_EQUAL', conjunctive_operator: 'AND_NEXT' },
    { key, value: to, operator: 'LESS_THAN', conjunctive_operator: 'NONE_NEXT' },
  ];
}
