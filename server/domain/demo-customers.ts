/**
 * The demo buyers' email addresses (docs/commerce.md "Customer emails"): derived from the buyer's name
 * alone, so the seed, `npm run seed -- --orders N` and the sandbox marketplaces give one name one
 * address, and a name met on several orders is one repeat customer — whom Compliance finds and erases
 * by that address (docs/governance.md "Compliance"). Only the domain RFC 2606 reserves for examples:
 * never anybody's mailbox. Migration 0056 computes the same address in SQL for the demo orders
 * stored before; tests/server/demo-emails-migration.test.ts checks both agree on every demo name.
 */
export const DEMO_EMAIL_DOMAIN = 'example.com';

/** `Liam O'Brien` → `liam.obrien@example.com`, `Noah Müller` → `noah.muller@example.com`. */
export function demoCustomerEmail(name: string): string {
  const local = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.+|\.+$/g, '');
  return `${local || 'customer'}@${DEMO_EMAIL_DOMAIN}`;
}
