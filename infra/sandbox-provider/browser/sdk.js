/* global window, document, MutationObserver */
/**
 * The sandbox's `window.paytheory`: the subset of Pay Theory's web SDK the app uses (docs:
 * docs/sdk/javascript/functions.md, event_listeners.md, hosted_fields.md, errors.md). The card
 * inputs live in iframes on the fields origin, not this script's (Pay Theory's fields come from
 * `{partner}{mode}.tags.static.{stage}.com`, its script from `{partner}.sdk.{stage}.com`); this
 * script, running in the merchant page, only ever sees field states and result bodies, never
 * what was typed.
 *
 * As strict as the real SDK, or stricter where its behaviour is unclear:
 * - Once a tokenize or transact has succeeded, further calls answer ACTION_COMPLETE until
 *   payTheoryFields mounts the fields again ("The fields must be cleared and mounted again",
 *   errors.md). After an ERROR or FAILED result that reached the provider (a decline, a card the
 *   provider refused) the fields are reset and take a new call, as the SDK source does
 *   (payment-components field-set/actions.ts: `initialized = false` and `resetToken()` on ERROR
 *   or FAILED, `complete = true` only otherwise).
 * - There is no teardown function: the session ends when its iframes leave the page (the real
 *   SDK's custom elements drop their listeners when disconnected) or on the next payTheoryFields.
 * - payTheoryFields resolves `{ type: 'READY', body: true }` once the fields are ready, or an
 *   ERROR result; nothing else.
 */
(() => {
  'use strict';

  const script = document.currentScript;
  // The fields' host is this script's host name on the fields port the sandbox wrote in here, so
  // one build serves any host name a browser uses (localhost, 127.0.0.1, a container's name).
  const SCRIPT_URL = new URL(script && script.src ? script.src : window.location.href);
  const FIELDS_ORIGIN = `${SCRIPT_URL.protocol}//${SCRIPT_URL.hostname}:__SANDBOX_FIELDS_PORT__`;
  const RESULT_TIMEOUT_MS = 30_000;

  const FIELDS = [
    { name: 'card-number', container: 'pay-theory-credit-card-number', title: 'Card number', required: true },
    { name: 'card-exp', container: 'pay-theory-credit-card-exp', title: 'Card expiration date', required: true },
    { name: 'card-cvv', container: 'pay-theory-credit-card-cvv', title: 'Card security code', required: true },
    { name: 'billing-zip', container: 'pay-theory-credit-card-zip', title: 'Billing ZIP code', required: false },
  ];

  const observers = { ready: new Set(), error: new Set(), state: new Set(), valid: new Set() };
  let session = null;

  const errorResult = (error) => ({ type: 'ERROR', error });

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

  /** Required fields must be valid; an optional one (ZIP) only when something was typed into it. */
  function fieldsValid(current) {
    return FIELDS.filter((f) => current.frames.has(f.name)).every(({ name, required }) => {
      const state = current.state[name];
      return state ? state.isValid || (!required && state.isEmpty) : !required;
    });
  }

  function updateValidity() {
    const perField = {};
    for (const name of session.frames.keys())
      perField[name] = Boolean(session.state[name] && session.state[name].isValid);
    const all = fieldsValid(session);
    const key = JSON.stringify(perField);
    if (key === session.lastValid) return;
    session.lastValid = key;
    // As documented, the payment type that is valid ('card' or ''); per-field validity second.
    emit('valid', all ? 'card' : '', perField);
  }

  function onMessage(event) {
    if (!session || event.origin !== FIELDS_ORIGIN) return;
    const name = frameNameOf(event.source);
    const message = event.data;
    if (!name || !message || message.ptSandbox !== 1 || message.session !== session.id) return;
    if (message.type === 'loaded') {
      session.loaded.add(name);
      if (!session.ready && session.loaded.size === session.frames.size) {
        session.ready = true;
        emit('ready', true);
        session.mounted({ type: 'READY', body: true });
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

  /** Ends the session; its frames are removed only when a new mount replaces them. */
  function teardown({ removeFrames }) {
    if (!session) return;
    const ending = session;
    session = null;
    ending.watcher.disconnect();
    window.removeEventListener('message', ending.listener);
    if (removeFrames) for (const frame of ending.frames.values()) frame.remove();
    for (const resolve of ending.pending.values()) {
      resolve(errorResult('TRANSACTING_FIELD_ERROR: the hosted fields left the page'));
    }
  }

  /** A session whose iframes leave the page (a cleared container, a page change) is over. */
  function watchFrames(current) {
    const watcher = new MutationObserver(() => {
      if (session !== current) return;
      for (const frame of current.frames.values()) {
        if (!frame.isConnected) {
          teardown({ removeFrames: false });
          return;
        }
      }
    });
    watcher.observe(document.documentElement, { childList: true, subtree: true });
    return watcher;
  }

  function whenDomReady() {
    if (document.readyState !== 'loading') return Promise.resolve();
    return new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
  }

  function mountError(error) {
    emit('error', error);
    return errorResult(error);
  }

  async function payTheoryFields(options = {}) {
    teardown({ removeFrames: true });
    await whenDomReady();
    const { apiKey, styles = {}, placeholders = {} } = options;
    if (typeof apiKey !== 'string' || apiKey.length === 0) {
      return mountError('INVALID_PARAM: payTheoryFields needs an apiKey');
    }
    if (FIELDS.every((f) => !document.getElementById(f.container))) {
      return mountError('NO_FIELDS: There are no PayTheory fields on the DOM to mount');
    }
    const missing = FIELDS.filter((f) => f.required && !document.getElementById(f.container));
    if (missing.length > 0) {
      return mountError(`FIELD_ERROR: missing containers ${missing.map((f) => `#${f.container}`).join(', ')}`);
    }
    // Again after the await: an overlapping call (React StrictMode effects) may have mounted meanwhile.
    teardown({ removeFrames: true });
    const id = crypto.randomUUID();
    const listener = (event) => onMessage(event);
    let mounted = () => undefined;
    // Like the real SDK, a mount superseded before it was ready never resolves.
    const result = new Promise((resolve) => (mounted = resolve));
    session = {
      id,
      listener,
      mounted,
      frames: new Map(),
      loaded: new Set(),
      state: {},
      pending: new Map(),
      ready: false,
      busy: false,
      used: false,
    };
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
      frame.src = `${FIELDS_ORIGIN}/fields/${field.name}?${params}`;
      frame.style.cssText = `display:block;width:100%;height:${height};border:0;`;
      session.frames.set(field.name, frame);
      container.appendChild(frame);
    }
    session.watcher = watchFrames(session);
    return result;
  }

  /** The SDK's own checks before anything is sent, in the order the real SDK makes them. */
  function refusal() {
    if (!session) return 'TRANSACTING_FIELD_ERROR: No transacting fields found';
    if (session.busy) return 'ACTION_IN_PROGRESS: this function has already been called';
    if (session.used) return 'ACTION_COMPLETE: these fields have already been used to complete an action';
    if (!fieldsValid(session)) return 'NOT_VALID: The transaction element is invalid';
    if (!session.ready) return 'NOT_READY: The transaction element is not ready';
    return null;
  }

  /** Sends a command to the card-number frame, which gathers its siblings and calls the sandbox. */
  function request(type, payload) {
    const refused = refusal();
    if (refused) {
      emit('error', refused);
      return Promise.resolve(errorResult(refused));
    }
    const current = session;
    const requestId = crypto.randomUUID();
    // From here the card may reach the provider: the fields are spent unless the answer resets them.
    current.busy = true;
    current.used = true;
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => finish({ type: 'ERROR', error: 'TIMEOUT: no answer from the hosted fields' }),
        RESULT_TIMEOUT_MS,
      );
      function finish(result) {
        clearTimeout(timer);
        current.busy = false;
        // Only a success spends the fields; an error or a decline resets them for another try.
        if (!result || result.type === 'ERROR' || result.type === 'FAILED') current.used = false;
        current.pending.delete(requestId);
        if (result && result.type === 'ERROR') emit('error', result.error);
        resolve(result);
      }
      current.pending.set(requestId, finish);
      const target = current.frames.get('card-number').contentWindow;
      // A JSON round trip keeps merchant objects (functions, DOM nodes) out of postMessage.
      const data = JSON.parse(JSON.stringify(payload || {}));
      target.postMessage({ ptSandbox: 1, session: current.id, type, requestId, payload: data }, FIELDS_ORIGIN);
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
    MERCHANT_FEE: 'MERCHANT_FEE',
    SERVICE_FEE: 'SERVICE_FEE',
  };
})();
