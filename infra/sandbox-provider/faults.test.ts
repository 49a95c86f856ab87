import { describe, expect, it } from 'vitest';
import { FaultPlan } from './faults';

describe('fault plan', () => {
  it('consumes the deterministic counters in order', () => {
    const plan = new FaultPlan(() => 0.99);
    plan.set({ failNext: 1, timeoutNext: 1, dropNextCharges: 1 });
    expect([plan.onRequest(), plan.onRequest(), plan.onRequest()]).toEqual(['fail', 'hang', 'proceed']);
    expect([plan.dropAfterCharge(), plan.dropAfterCharge()]).toEqual([true, false]);
  });

  it('applies rates with the injected random source and validates settings', () => {
    const plan = new FaultPlan(() => 0.1);
    plan.set({ errorRate: 0.5 });
    expect(plan.onRequest()).toBe('fail');
    plan.set({ errorRate: 0, timeoutRate: 0.2, dropAfterChargeRate: 0.2 });
    expect(plan.onRequest()).toBe('hang');
    expect(plan.dropAfterCharge()).toBe(true);
    expect(() => plan.set({ errorRate: 2 })).toThrow();
    plan.reset();
    expect(plan.current().timeoutRate).toBe(0);
  });
});

describe('503 after the charge', () => {
  it('fires for the next N charges, then by rate', () => {
    const plan = new FaultPlan(() => 0.1);
    plan.set({ failNextAfterCharge: 1 });
    expect([plan.failAfterCharge(), plan.failAfterCharge()]).toEqual([true, false]);
    plan.set({ failAfterChargeRate: 0.5 });
    expect(plan.failAfterCharge()).toBe(true);
  });
});

describe('visibility delay', () => {
  it('starts at the sandbox default, can be raised, and returns to the default on reset', () => {
    const plan = new FaultPlan(Math.random, { visibilityDelayMs: 300 });
    expect(plan.visibilityDelayMs()).toBe(300);
    plan.set({ visibilityDelayMs: 5000 });
    expect(plan.visibilityDelayMs()).toBe(5000);
    plan.reset();
    expect(plan.visibilityDelayMs()).toBe(300);
  });

  it('answers a failure as a 503, or with errorType set as AppSync does: HTTP 200, the error type, no data', () => {
    const plan = new FaultPlan();
    expect(plan.failure()).toMatchObject({ status: 503 });
    plan.set({ errorType: 'Lambda:Unhandled' });
    expect(plan.failure()).toEqual({
      status: 200,
      body: { errors: [{ errorType: 'Lambda:Unhandled', message: 'Lambda:Unhandled (sandbox fault)' }] },
    });
    expect(() => plan.set({ errorType: '' })).toThrow();
    plan.reset();
    expect(plan.current().errorType).toBeNull();
  });
});
