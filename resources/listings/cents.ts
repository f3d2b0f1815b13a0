/**
 * Integer cents on the wire (contract/listings.ts), dollars in the console: both ways through the one
 * money module (contract/money.ts), never through float arithmetic.
 */
import { toCents as centsOfDollars } from '../../contract/money';
import { moneyCents } from '../shared/format';

/** Cents shown as dollars: `$1,234.05`, "—" for none. */
export const dollars = moneyCents;
/** A dollar amount typed in a form → integer cents (half up, by the money module's rule). */
export const toCents = (amount: number): number => centsOfDollars(amount);
