/** Shopify's Money scalar is a decimal string ("12.30"); ours is integer cents. No float on the way. */

/** "12.3" / "12.30" / "-0.05" → cents, rounded half up past the second decimal; null when not a number. */
export function moneyToCents(amount: string | number | null | undefined): number | null {
  if (amount === null || amount === undefined) return null;
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(String(amount).trim());
  if (!m) return null;
  const frac = (m[3] ?? '').padEnd(3, '0');
  let cents = Number(m[2]) * 100 + Number(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) cents += 1;
  return m[1] ? -cents : cents;
}

/** 1234 → "12.34". */
export function centsToMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
