import { describe, expect, it } from 'vitest';
import { isResellable, resolveDefault, rmaActions, rmaStep, RMA_ACTIONS, RMA_FINAL, RMA_STATUSES, type RmaAction, type RmaStatus } from '../../server/domain/dropship/rma';
import { canVoid, poStep } from '../../server/domain/dropship/purchase-order';

describe('RMA state machine', () => {
  const allowed: Record<RmaStatus, Partial<Record<RmaAction, RmaStatus>>> = {
    requested: { approve: 'approved', reject: 'rejected' },
    approved: { ship: 'in_transit', receive: 'received' },
    in_transit: { receive: 'received' },
    received: { refund: 'refunded', replace: 'replaced', reject: 'rejected' },
    refunded: {},
    replaced: {},
    rejected: {},
  };
  for (const s of RMA_STATUSES) {
    for (const a of RMA_ACTIONS) {
      const to = allowed[s][a];
      it(`${s} + ${a} → ${to ?? 'refused'}`, () => {
        const r = rmaStep(s, a);
        if (to) expect(r).toEqual({ ok: true, to });
        else expect(r.ok).toBe(false);
      });
    }
  }

  it('names the statuses a refused command needs', () => {
    expect(rmaStep('requested', 'refund')).toEqual({ ok: false, message: 'Cannot refund a return that is requested (needs received)' });
    expect(rmaStep('refunded', 'receive')).toEqual({ ok: false, message: 'Cannot receive a return that is refunded (needs approved or in transit)' });
  });

  it('final statuses offer no action', () => {
    for (const s of RMA_FINAL) expect(rmaActions(s)).toEqual([]);
    expect(rmaActions('received')).toEqual(['reject', 'refund', 'replace']);
  });

  it('restocks only what a buyer takes as new', () => {
    expect([isResellable('new'), isResellable('like_new'), isResellable('used'), isResellable('damaged'), isResellable('defective')]).toEqual([true, true, false, false, false]);
  });

  it('the tenant default resolves a command that names none', () => {
    expect(resolveDefault(undefined, 'replace')).toBe('replace');
    expect(resolveDefault('refund', 'replace')).toBe('refund');
  });
});

describe('purchase order answers and label void', () => {
  it.each([
    ['placed', 'confirm', 'confirmed'], ['placed', 'reject', 'rejected'], ['confirmed', 'ship', 'shipped'],
    ['placed', 'cancel', 'cancelled'], ['confirmed', 'cancel', 'cancelled'],
    ['confirmed', 'confirm', null], ['rejected', 'confirm', null], ['shipped', 'cancel', null], ['placed', 'ship', null],
  ] as const)('%s + %s → %s', (s, a, to) => expect(poStep(s, a)).toBe(to));

  const bought = new Date('2026-03-01T10:00:00Z');
  it.each([
    [new Date('2026-03-15T10:00:00Z'), 'label_created', true],
    [new Date('2026-03-15T10:00:01Z'), 'label_created', false],
    [new Date('2026-03-02T00:00:00Z'), 'in_transit', false],
    [new Date('2026-03-02T00:00:00Z'), 'voided', false],
  ] as const)('void at %s when %s: %s', (now, status, ok) => expect(canVoid(bought, now, status).ok).toBe(ok));
});
