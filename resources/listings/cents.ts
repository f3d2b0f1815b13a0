/**
 * A dollar amount typed in a form → integer cents for the wire (contract/listings.ts), by the money
 * module's rule (contract/money.ts: half up, never float drift). Cents are shown with `moneyCents`
 * (resources/shared/format.ts).
 */
import { toCents as centsOfDollars } from '../../contract/money';

export const toCents = (amount: number): number => centsOfDollars(amount);
