/**
 * The human sentence of a decision (docs/repricing.md "Engine"), e.g.
 * "Lowered $0.50 to beat Acme at $19.49; floor $17.80 (MAP)".
 */
import { formatBp, formatCents } from '../../../contract/money';
import type { Decision } from './types';

type Parts = Omit<Decision, 'reason'> & { purpose: string; intervalNote?: string; maxChangeBp: number | null };

export function reasonOf(p: Parts): string {
  const head =
    p.new_price_cents == null
      ? `Held at ${formatCents(p.old_price_cents)}`
      : p.new_price_cents < p.old_price_cents
        ? `Lowered ${formatCents(p.old_price_cents - p.new_price_cents)}`
        : `Raised ${formatCents(p.new_price_cents - p.old_price_cents)}`;
  const tail: string[] = [`floor ${formatCents(p.floor_cents)} (${p.floor_source === 'map' ? 'MAP' : 'cost, fees and margin'})`];
  if (p.flags.floor_above_ceiling) tail.push(`above the ceiling ${formatCents(p.ceiling_cents ?? 0)}: the floor wins`);
  if (p.flags.max_change_limited && p.maxChangeBp != null) tail.push(`limited to ${formatBp(p.maxChangeBp)} per run`);
  if (p.flags.missing_cost) tail.push('no cost on file');
  return `${head}${p.purpose.startsWith(':') ? '' : ' '}${p.purpose}; ${tail.join('; ')}`;
}
