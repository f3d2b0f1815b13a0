/** A ship-to address for orders the tests create (every order has one: docs/commerce.md "Ship-to address"). */
import type { ShipTo } from '../../contract/addresses';

export const shipToFor = (name: string): ShipTo => ({ name, line1: '1600 Amphitheatre Parkway', line2: 'Building 4', city: 'Mountain View', region: 'CA', postal_code: '94043', country: 'US' });
