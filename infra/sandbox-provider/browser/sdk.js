/* global window, document */
/**
 * The sandbox's `window.paytheory`: the subset of Pay Theory's web SDK the app uses (docs:
 * docs/sdk/javascript/functions.md, event_listeners.md, hosted_fields.md). The card inputs live
 * in iframes on the sandbox origin; this script, running in the merchant page, only ever sees
 * field states and result bodies, never what was typed.
 */
(() => {
  'use strict';

  const script = document.currentScript;
  // The sandbox origin is wherever this script was loaded from, so one build serves any host.
  const ORIGIN = new URL(script && script.src ? script.src : window.location.href).origin;
  const RESULT_TIMEOUT_MS = 30_000;

  const FIELDS = [
    { name: 'card-number', container: 'pay-theory-credit-card-number', title: 'Card number', required: true },
    { name: 'card-exp', container: 'pay-theory-credit-card-exp', title: 'Card expiration date', required: true },
    { name: 'card-cvv', container: 'pay-theory-credit-card-cvv', title: 'Card security code', required: true },
    { name: 'billing-zip', container: 'pay-theory-credit-card-zip', title: 'Billing ZIP code', required: false },
  ];

  const observers = { ready: new Set(), error: new Set(), state: new Set(), valid: new Set() };
  let session = null;

  function emit(kind, ...args) {
    for (const callback of [...observers[kind]]) {
      try {
        callback(...args);
      } catch (error) {
        // A merchant callback that throws must not stop the others.
        setTimeout(() => {
          throw error;
        });
      }
    }
  }

  function observe(kind) {
    return (callback) => {
      if (typeof callback !== 'function') return () => undefined;
      observers[kind].add(callback);
      // Subscribing after the fields became ready still hears about it.
      if (kind === 'ready' && session && session.ready) setTimeout(() => session && session.ready && callback(true));
      return () => observers[kind].delete(callback);
    };
  }

  function frameNameOf(source) {
    if (!session) return null;
    for (const [name, frame] of session.frames) if (frame.contentWindow === source) return name;
    return null;
  }

  function updateValidity() {
    const perField = {};
    for (const name of session.frames.keys())
      perField[name] = Boolean(session.state[name] && session.state[name].isValid);
    const all = Object.values(perField).every(Boolean);
    const key = JSON.stringify(perField);
    if (key === session.lastValid) return;
    session.lastValid = key;
    // As documented, the payment type that is valid ('card' or ''); per-field validity second.
    emit('valid', all ? 'card' : '', perField);
  }

  function onMessage(event) {
    if (!session || event.origin !== ORIGIN) return;
    const name = frameNameOf(event.source);
    const message = event.data;
    if (!name || !message || message.ptSandbox !== 1 || message.session !== session.id) return;
    if (message.type === 'loaded') {
      session.loaded.add(name);
      if (!session.ready && session.loaded.size === session.frames.size) {
        session.ready = true;
        emit('ready', true);
      }
    } else if (message.type === 'state' && message.state && typeof message.state === 'object') {
      session.state[name] = message.state;
      emit('state', { ...session.state });
      updateValidity();
    } else if (message.type === 'result' && name === 'card-number') {
      const pending = session.pending.get(message.requestId);
      if (pending) pending(message.result);
    }
  }

  function teardown() {
    if (!session) return;
    const ending = session;
    session = null;
    window.removeEventListener('message', ending.listener);
    for (const frame of ending.frames.values()) frame.remove();
    for (const resolve of ending.pending.values()) {
      resolve({ type: 'ERROR', error: 'CANCELLED: the hosted fields were removed' });
    }
  }

  function whenDomReady() {
    if (document.readyState !== 'loading') return Promise.resolve();
    return new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
  }

  async function payTheoryFields(options = {}) {
    teardown();
    await whenDomReady();
    const { apiKey, styles = {}, placeholders = {} } = options;
    if (typeof apiKey !== 'string' || apiKey.length === 0) {
      emit('error', 'NO_API_KEY: payTheoryFields needs an apiKey');
      return () => undefined;
    }
    const missing = FIELDS.filter((f) => f.required && !document.getElementById(f.container));
    if (missing.length > 0) {
      emit('error', `FIELD_ERROR: missing containers ${missing.map((f) => `#${f.container}`).join(', ')}`);
      return () => undefined;
    }
    // Again after the await: an overlapping call (React StrictMode effects) may have mounted meanwhile.
    teardown();
    const id = crypto.randomUUID();
    const listener = (event) => onMessage(event);
    session = { id, listener, frames: new Map(), loaded: new Set(), state: {}, pending: new Map(), ready: false };
    window.addEventListener('message', listener);
    const height = (styles.default && styles.default.height) || '44px';
    for (const field of FIELDS) {
      const container = document.getElementById(field.container);
      if (!container) continue;
      const params = new URLSearchParams({
        session: id,
        parent: window.location.origin,
        placeholder: placeholders[field.name] || '',
        styles: JSON.stringify(styles),
      });
      if (field.name === 'card-number') params.set('apiKey', apiKey);
      const frame = document.createElement('iframe');
      frame.name = `pt-${id}-${field.name}`;
      frame.title = field.title;
      frame.src = `${ORIGIN}/fields/${field.name}?${params}`;
      frame.style.cssText = `display:block;width:100%;height:${height};border:0;`;
      session.frames.set(field.name, frame);
      container.appendChild(frame);
    }
    const mine = session;
    return () => {
      if (session === mine) teardown();
    };
  }

  /** Sends a command to the card-number frame, which gathers its siblings and calls the sandbox. */
  function request(type, payload) {
    if (!session || !session.ready) {
      return Promise.resolve({ type: 'ERROR', error: 'NOT_READY: the hosted fields are not ready' });
    }
    const current = session;
    const requestId = crypto.randomUUID();
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => finish({ type: 'ERROR', error: 'TIMEOUT: no answer from the hosted fields' }),
        RESULT_TIMEOUT_MS,
      );
      function finish(result) {
        clearTimeout(timer);
        current.pending.delete(requestId);
        if (result && result.type === 'ERROR') emit('error', result.error);
        resolve(result);
      }
      current.pending.set(requestId, finish);
      const target = current.frames.get('card-number').contentWindow;
      // A JSON round trip keeps merchant objects (functions, DOM nodes) out of postMessage.
      const data = JSON.parse(JSON.stringify(payload || {}));
      target.postMessage({ ptSandbox: 1, session: current.id, type, requestId, payload: data }, ORIGIN);
    });
  }

  window.paytheory = {
    payTheoryFields,
    tokenizePaymentMethod: (params) => request('tokenize', params),
    transact: (params) => request('transact', params),
    readyObserver: observe('ready'),
    errorObserver: observe('error'),
    stateObserver: observe('state'),
    validObserver: observe('valid'),
    // The real SDK's internal teardown name; the function payTheoryFields resolves to does the same.
    removeEventListeners: teardown,
    MERCHANT_FEE: 'MERCHANT_FEE',
    SERVICE_FEE: 'SERVICE_FEE',
  };
})();
