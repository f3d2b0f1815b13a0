/** A code in the words the console shows: `ordered_from_supplier` → "Ordered from supplier" (statuses, services, reasons). */
export function humanize(value: string): string {
  const s = value.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}
