/* global window, document, location */
/**
 * One hosted field, running in an iframe on the sandbox's fields origin. It tells the merchant
 * page only its state (focused, empty, complete, valid). The card-number frame also runs tokenize and
 * transact: it reads its sibling frames' inputs directly (they share this origin), posts the
 * card to the sandbox and hands the merchant page the result body, which carries no card data.
 */
(() => {
  'use strict';

  const params = new URLSearchParams(location.search);
  const field = location.pathname.split('/').pop();
  const session = params.get('session') || '';
  const parentOrigin = params.get('parent') || '';
  const input = document.getElementById('field');
  if (!input || window.parent === window || !parentOrigin) return;
  // Trust the claimed parent origin only if the browser agrees that it is the one embedding us.
  const ancestors = location.ancestorOrigins;
  if (ancestors && ancestors.length > 0 && ancestors[0] !== parentOrigin) return;

  const digits = (value) => value.replace(/\D/g, '');

  function luhn(number) {
    if (!/^\d{13,19}$/.test(number)) return false;
    let sum = 0;
    for (let i = 0; i < number.length; i += 1) {
      let d = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return sum % 10 === 0;
  }

  function expiryOk(value) {
    const match = /^(\d{2})\/(\d{2})$/.exec(value);
    if (!match) return false;
    const month = Number(match[1]);
    const year = 2000 + Number(match[2]);
    const now = new Date();
    return month >= 1 && month <= 12 && year * 12 + month - 1 >= now.getFullYear() * 12 + now.getMonth();
  }

  // Formatting keeps what the visitor sees familiar; validation mirrors the sandbox's own rules,
  // which stay authoritative at tokenize time.
  const RULES = {
    'card-number': {
      format: (v) =>
        digits(v)
          .slice(0, 19)
          .replace(/(\d{4})(?=\d)/g, '$1 '),
      valid: (v) => luhn(digits(v)),
      message: 'Card number is not valid',
    },
    'card-exp': {
      format: (v) => {
        const d = digits(v).slice(0, 4);
        return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
      },
      valid: expiryOk,
      message: 'Expiration date is not valid',
    },
    'card-cvv': {
      format: (v) => digits(v).slice(0, 4),
      valid: (v) => /^\d{3,4}$/.test(v),
      message: 'Security code is not valid',
    },
    'billing-zip': {
      format: (v) => v.replace(/[^A-Za-z0-9 -]/g, '').slice(0, 10),
      valid: (v) => /^[A-Za-z0-9][A-Za-z0-9 -]{2,9}$/.test(v.trim()),
      message: 'ZIP code is not valid',
    },
  };
  const rule = RULES[field];
  if (!rule) return;

  function post(message) {
    window.parent.postMessage({ ptSandbox: 1, session, field, ...message }, parentOrigin);
  }

  // Only these style keys are applied, so a styles object cannot restyle the frame beyond the input.
  const STYLE_KEYS = [
    'color',
    'fontSize',
    'fontFamily',
    'lineHeight',
    'padding',
    'textAlign',
    'border',
    'borderColor',
    'borderRadius',
    'backgroundColor',
  ];
  let styles = {};
  try {
    styles = JSON.parse(params.get('styles') || '{}') || {};
  } catch {
    styles = {};
  }
  function applyStyles(kind) {
    const set = { ...(styles.default || {}), ...(kind ? styles[kind] || {} : {}) };
    for (const key of STYLE_KEYS) input.style[key] = typeof set[key] === 'string' ? set[key] : '';
  }
  input.placeholder = params.get('placeholder') || input.placeholder;

  let focused = false;
  function report() {
    const value = input.value;
    const empty = value.length === 0;
    const valid = !empty && rule.valid(value);
    const showError = !empty && !valid && !focused;
    input.setAttribute('aria-invalid', String(showError));
    applyStyles(valid ? 'success' : showError ? 'error' : null);
    post({
      type: 'state',
      state: {
        isFocused: focused,
        isDirty: !empty,
        isEmpty: empty,
        isComplete: valid,
        isValid: valid,
        errorMessages: showError ? [rule.message] : [],
      },
    });
  }

  input.addEventListener('input', () => {
    const formatted = rule.format(input.value);
    if (formatted !== input.value) input.value = formatted;
    report();
  });
  input.addEventListener('focus', () => {
    focused = true;
    report();
  });
  input.addEventListener('blur', () => {
    focused = false;
    report();
  });

  /** A sibling hosted field of this session: same origin, so its input can be read directly. */
  function siblingValue(name) {
    const wanted = `pt-${session}-${name}`;
    const frames = window.parent.frames;
    for (let i = 0; i < frames.length; i += 1) {
      try {
        if (frames[i].name === wanted) return frames[i].document.getElementById('field').value;
      } catch {
        // A frame from another origin: not one of ours.
      }
    }
    return undefined;
  }

  async function run(type, payload) {
    const [expMonth = '', expYear = ''] = (siblingValue('card-exp') || '').split('/');
    const zip = siblingValue('billing-zip');
    const billingZip = payload.billingInfo && payload.billingInfo.address && payload.billingInfo.address.postal_code;
    const body = {
      ...payload,
      card: {
        number: digits(input.value),
        expMonth,
        expYear,
        securityCode: siblingValue('card-cvv') || '',
        // An empty (optional) ZIP field leaves the billing address's postal code, if any.
        postalCode: zip || billingZip,
      },
    };
    try {
      const response = await fetch(type === 'transact' ? '/transact' : '/tokenize', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': params.get('apiKey') || '' },
        body: JSON.stringify(body),
      });
      return await response.json();
    } catch {
      return { type: 'ERROR', error: 'NETWORK_ERROR: the sandbox could not be reached' };
    }
  }

  if (field === 'card-number') {
    // One card, one successful action: a new mount brings new frames. An error or a decline leaves
    // the frames usable, as the real SDK resets its host token then.
    let used = false;
    window.addEventListener('message', async (event) => {
      const message = event.data;
      if (event.origin !== parentOrigin || event.source !== window.parent) return;
      if (!message || message.ptSandbox !== 1 || message.session !== session) return;
      if (message.type !== 'tokenize' && message.type !== 'transact') return;
      let result = {
        type: 'ERROR',
        error: 'ACTION_COMPLETE: these fields have already been used to complete an action',
      };
      if (!used) {
        used = true;
        result = await run(message.type, message.payload || {});
        if (result.type === 'ERROR' || result.type === 'FAILED') used = false;
      }
      post({ type: 'result', requestId: message.requestId, result });
    });
  }

  applyStyles(null);
  post({ type: 'loaded' });
})();
