const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Methods that change nothing (RFC 9110's safe methods we serve): the origin check, the rate
 * limits and the no-store rule for writes all start from this one list.
 */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method);
}
