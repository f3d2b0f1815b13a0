/**
 * Purchase-order and shipment rules (docs/dropshipping.md "Purchase orders", "Labels"): the PO
 * statuses and which answer of the supplier moves them, and the label void window. Pure.
 */

import type { PoStatus } from '../../../contract/fulfillment';

export { PO_STATUSES, REJECT_REASONS, type PoStatus, type RejectReason } from '../../../contract/fulfillment';

export type SupplierAnswer = 'confirm' | 'reject' | 'ship' | 'cancel';

const PO_MOVES: Record<SupplierAnswer, { from: readonly PoStatus[]; to: PoStatus }> = {
  confirm: { from: ['placed'], to: 'confirmed' },
  reject: { from: ['placed'], to: 'rejected' },
  ship: { from: ['confirmed'], to: 'shipped' },
  cancel: { from: ['placed', 'confirmed'], to: 'cancelled' },
};

/** The status after an answer, or null when it does not apply (a late or repeated answer is ignored). */
export function poStep(status: PoStatus, answer: SupplierAnswer): PoStatus | null {
  const m = PO_MOVES[answer];
  return m.from.includes(status) ? m.to : null;
}

import { VOID_WINDOW_DAYS } from '../../../contract/fulfillment';

export { VOID_WINDOW_DAYS };

export function canVoid(boughtAt: Date, now: Date, status: string): { ok: true } | { ok: false; message: string } {
  if (status === 'voided') return { ok: false, message: 'The label is already voided' };
  if (status !== 'label_created') return { ok: false, message: 'The carrier has scanned the parcel; the label can no longer be voided' };
  if (now.getTime() - boughtAt.getTime() > VOID_WINDOW_DAYS * 86_400_000) return { ok: false, message: `Labels can be voided within ${VOID_WINDOW_DAYS} days of purchase` };
  return { ok: true };
}

