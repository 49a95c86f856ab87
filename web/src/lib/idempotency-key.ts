/**
 * A random Idempotency-Key: 32 hex digits from the CSPRNG. `crypto.randomUUID` would do, but it
 * exists only in secure contexts, and the site may be opened over plain http on a LAN address.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
