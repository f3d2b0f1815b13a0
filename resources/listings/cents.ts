/** Listings carry integer cents on the wire (contract/listings.ts); the console shows and takes dollars. */
import { money } from '../shared/format';

export const dollars = (cents: number | null | undefined): string => (cents === null || cents === undefined ? '—' : money(cents / 100));
/** A dollar amount typed in a form → integer cents (rounded half up, never float drift). */
export const toCents = (amount: number): number => Math.round(amount * 100);
