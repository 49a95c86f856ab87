import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { BodyError, isJsonRequest, ownOrigin, readJson, sendJson, sendText } from './http-util';
import { SandboxError, type SandboxStore } from './store';

/**
 * What the browser talks to, on two origins as with Pay Theory, whose SDK script and hosted
 * fields come from different hosts (`{partner}.sdk.{stage}.com` and
 * `{partner}{mode}.tags.static.{stage}.com`): the SDK origin serves the script (loaded
 * cross-origin by the merchant page with a script tag); the fields origin serves the hosted field
 * pages (iframes) and the two calls the card-number frame makes (/tokenize, /transact). Those two
 * accept only same-origin JSON requests carrying the public API key, so only our own frames can
 * send card data here; no CORS headers are ever sent. A merchant page whose policy allows only
 * the SDK origin in `frame-src` gets no card form, as it would live.
 */

const SDK_JS = readFileSync(new URL('./browser/sdk.js', import.meta.url), 'utf8');
const FIELD_JS = readFileSync(new URL('./browser/field.js', import.meta.url), 'utf8');

const FIELD_CSS = `html, body { margin: 0; height: 100%; background: transparent; }
input { box-sizing: border-box; display: block; width: 100%; height: 100%; margin: 0; padding: 0 10px;
  font: 16px/1.25 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111827; background: #fff;
  border: 1px solid #6b7280; border-radius: 4px; }
input:focus { outline: 2px solid #1d4ed8; outline-offset: -3px; border-color: #1d4ed8; }
input[aria-invalid="true"] { border-color: #b91c1c; }
.visually-hidden { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
`;

const FIELDS: Record<string, { label: string; autocomplete: string; placeholder: string; inputmode: string }> = {
  'card-number': {
    label: 'Card number',
    autocomplete: 'cc-number',
    placeholder: '1234 1234 1234 1234',
    inputmode: 'numeric',
  },
  'card-exp': { label: 'Expiration date (MM/YY)', autocomplete: 'cc-exp', placeholder: 'MM/YY', inputmode: 'numeric' },
  'card-cvv': { label: 'Security code (CVV)', autocomplete: 'cc-csc', placeholder: 'CVV', inputmode: 'numeric' },
  'billing-zip': { label: 'ZIP code', autocomplete: 'postal-code', placeholder: 'ZIP', inputmode: 'text' },
};

function fieldPage(name: string): string | null {
  const field = FIELDS[name];
  if (!field) return null;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${field.label}</title><link rel="stylesheet" href="/fields/field.css"></head>
<body><label class="visually-hidden" for="field">${field.label}</label>
<input id="field" type="text" autocomplete="${field.autocomplete}" inputmode="${field.inputmode}" placeholder="${field.placeholder}" spellcheck="false" aria-invalid="false">
<script src="/fields/field.js"></script></body>
</html>
`;
}

const FIELD_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  // Any merchant page may frame the fields; nothing else may load into or out of them.
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; frame-ancestors *; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
};

const Card = z.object({
  number: z.string().max(32),
  expMonth: z.string().max(4),
  expYear: z.string().max(4),
  securityCode: z.string().max(8),
  postalCode: z.string().max(16).nullish(),
});
const Metadata = z.record(z.string(), z.unknown()).optional();
const TokenizeBody = z.object({ card: Card, metadata: Metadata });
const TransactBody = TokenizeBody.extend({ amount: z.number().int().positive() });

type BrowserResult = { status: number; body: Record<string, unknown> };

function notValid(problems: string[]): BrowserResult {
  return { status: 400, body: { type: 'ERROR', error: `NOT_VALID: ${problems.join(', ')}` } };
}

export function browserResult(path: '/tokenize' | '/transact', input: unknown, store: SandboxStore): BrowserResult {
  const parsed = (path === '/transact' ? TransactBody : TokenizeBody).safeParse(input);
  if (!parsed.success) return notValid(parsed.error.issues.map((i) => `${i.path.join('.')} is missing or malformed`));
  const { card, metadata = {} } = parsed.data;
  const amount = 'amount' in parsed.data ? (parsed.data.amount as number) : null;
  const tokenized = store.tokenize({ ...card, postalCode: card.postalCode ?? undefined }, metadata);
  if (!tokenized.ok) return notValid(tokenized.problems);
  const { method } = tokenized;
  const common = { payment_method_id: method.paymentMethodId, last_four: method.lastFour, brand: method.brand };
  if (amount === null) {
    return {
      status: 200,
      body: {
        type: 'TOKENIZED',
        body: { ...common, payor_id: method.payorId, expiration: method.expiration, payment_type: 'card', metadata },
      },
    };
  }
  const { transaction: t } = store.charge({
    amountCents: amount,
    paymentMethodId: method.paymentMethodId,
    metadata,
    source: 'sdk',
  });
  if (t.status === 'FAILED') {
    // The docs give the failed state as FAILURE in the SDK body (FAILED is the API's status).
    const reason = { failure_code: t.failureCode, failure_text: t.failureText };
    return {
      status: 200,
      body: {
        type: 'FAILED',
        body: { ...common, receipt_number: t.transactionId, amount: t.amountCents, state: 'FAILURE', reason },
      },
    };
  }
  return {
    status: 200,
    body: {
      type: 'SUCCESS',
      body: {
        ...common,
        receipt_number: t.transactionId,
        amount: t.amountCents,
        service_fee: 0,
        state: 'SUCCEEDED',
        created_at: t.createdAt,
        metadata: t.metadata,
        payor_id: method.payorId,
      },
    },
  };
}

/**
 * The SDK script, told the fields' port the way Pay Theory's build bakes in the fields host; the
 * script takes the host name from its own URL, so one build serves any host. False for other paths.
 */
export function handleSdkRoute(req: IncomingMessage, res: ServerResponse, path: string, fieldsPort: number): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || path !== '/sdk.js') return false;
  sendText(res, 200, SDK_JS.replace('__SANDBOX_FIELDS_PORT__', String(fieldsPort)), {
    'content-type': 'text/javascript; charset=utf-8',
    'cache-control': 'no-cache',
    'cross-origin-resource-policy': 'cross-origin',
  });
  return true;
}

/** Answers the fields origin's routes; false when the path is not one of them. */
export async function handleFieldsRoute(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  context: { store: SandboxStore; publicApiKey: string },
): Promise<boolean> {
  const get = req.method === 'GET' || req.method === 'HEAD';
  if (get && path === '/fields/field.js') {
    sendText(res, 200, FIELD_JS, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
    return true;
  }
  if (get && path === '/fields/field.css') {
    sendText(res, 200, FIELD_CSS, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-cache' });
    return true;
  }
  if (get && path.startsWith('/fields/')) {
    const page = fieldPage(path.slice('/fields/'.length));
    if (!page) return false;
    sendText(res, 200, page, FIELD_PAGE_HEADERS);
    return true;
  }
  if (req.method === 'POST' && (path === '/tokenize' || path === '/transact')) {
    if (req.headers.origin !== ownOrigin(req) || !isJsonRequest(req)) {
      sendJson(res, 403, { type: 'ERROR', error: 'NOT_ALLOWED: only the hosted fields may call this' });
      return true;
    }
    if (req.headers['x-api-key'] !== context.publicApiKey) {
      sendJson(res, 401, { type: 'ERROR', error: 'NOT_AUTHORIZED: the API key is not valid' });
      return true;
    }
    try {
      const result = browserResult(path, await readJson(req), context.store);
      sendJson(res, result.status, result.body);
    } catch (error) {
      if (error instanceof BodyError)
        sendJson(res, error.status, { type: 'ERROR', error: `NOT_VALID: ${error.message}` });
      else if (error instanceof SandboxError)
        sendJson(res, 400, { type: 'ERROR', error: `${error.code}: ${error.message}` });
      else throw error;
    }
    return true;
  }
  return false;
}
