/**
 * Money — the one module for amounts, shared by the server and the console (docs/commerce.md
 * "Money", docs/decisions.md "Money is integer cents through contract/money.ts"). Browser-safe: no
 * Node APIs.
 *
 * **Unit.** An amount is an integer number of cents (hundredths of its currency's unit), a JavaScript
 * number that must be a safe integer (|n| ≤ 2^53 − 1, ±90 trillion dollars). Every operation checks
 * its inputs and its result and throws a `RangeError` rather than rounding silently; nothing here
 * ever multiplies a float amount by 100. The currency defaults to USD and amounts are written the
 * en-US way (`$1,234.56`, `-$1,234.56`).
 *
 * **One rounding rule: half up, a half cent rounds away from zero** (12.345 → 12.35, −12.345 →
 * −12.35), which is what PostgreSQL's `round(numeric)` does. It is used wherever a result has a
 * fraction of a cent: a rate applied to an amount (`percentOf`, fees, tax) and a decimal read with
 * more than two places (`parseCents`). Rates are integer basis points (1 % = 100 bp). Rounding
 * toward a bound (`mulDivFloor`, `mulDivCeil`, `pctOfFloor`, `pctOfCeil`) exists only where a bound
 * needs it — the repricer's floor rounds up so that a price at the floor keeps its margin
 * (docs/repricing.md "Rounding") — and is always named at the call, never implicit.
 */

export type Cents = number;

export const DEFAULT_CURRENCY = 'USD';
export const LOCALE = 'en-US';

/** Basis points in one (100 %). */
export const BP = 10_000;

/** An amount with its currency. Immutable; build it with `money` / `fromDecimal`. */
export interface Money {
  readonly cents: Cents;
  readonly currency: string;
}

function checked(n: number, what = 'amount'): number {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${what} must be a safe integer number of cents, got ${n}`);
  return n;
}

/** `n` as integer cents, or a RangeError (a fraction of a cent, NaN, ±Infinity, beyond 2^53). */
export function cents(n: number): Cents {
  return checked(n) === 0 ? 0 : n; // -0 → 0
}

export function isCents(n: unknown): n is Cents {
  return typeof n === 'number' && Number.isSafeInteger(n);
}

// ---------------------------------------------------------------------------------------------
// Integer multiply-divide: the arithmetic every rate goes through. While a × b is a safe integer it
// is computed as a number (remainder first, so nothing is rounded by the float); beyond, in bigint.

const big = (n: number, what: string) => {
  checked(n, what);
  return BigInt(n);
};

function divFloorBig(a: bigint, d: bigint): bigint {
  const q = a / d;
  return a % d !== 0n && (a < 0n) !== (d < 0n) ? q - 1n : q;
}

function toSafe(n: bigint): number {
  const r = Number(n);
  if (!Number.isSafeInteger(r)) throw new RangeError(`result ${n} is beyond a safe integer number of cents`);
  return r;
}

function positiveDivisor(d: number): void {
  if (!Number.isSafeInteger(d) || d <= 0) throw new RangeError(`divisor must be a positive integer, got ${d}`);
}

/** ⌊a × b / d⌋ for integers a, b and a positive integer d (toward −∞). */
export function mulDivFloor(a: number, b: number, d: number): number {
  positiveDivisor(d);
  const p = a * b;
  if (Number.isSafeInteger(p) && Number.isSafeInteger(a) && Number.isSafeInteger(b)) {
    const r = p % d;
    const q = (p - r) / d;
    return (r < 0 ? q - 1 : q) + 0;
  }
  return toSafe(divFloorBig(big(a, 'a') * big(b, 'b'), BigInt(d)));
}

/** ⌈a × b / d⌉ for integers a, b and a positive integer d (toward +∞). */
export function mulDivCeil(a: number, b: number, d: number): number {
  positiveDivisor(d);
  const p = a * b;
  if (Number.isSafeInteger(p) && Number.isSafeInteger(a) && Number.isSafeInteger(b)) {
    const r = p % d;
    const q = (p - r) / d;
    return (r > 0 ? q + 1 : q) + 0;
  }
  return toSafe(-divFloorBig(-(big(a, 'a') * big(b, 'b')), BigInt(d)));
}

/** a × b / d rounded by THE rule: half up, a half away from zero. */
export function mulDivRound(a: number, b: number, d: number): number {
  positiveDivisor(d);
  const p = a * b;
  if (Number.isSafeInteger(p) && Number.isSafeInteger(a) && Number.isSafeInteger(b)) {
    const abs = Math.abs(p);
    const r = abs % d;
    const q = (abs - r) / d + (2 * r >= d ? 1 : 0);
    return p < 0 && q !== 0 ? -q : q;
  }
  const n = big(a, 'a') * big(b, 'b');
  const abs = n < 0n ? -n : n;
  const D = BigInt(d);
  const q = abs / D + (2n * (abs % D) >= D ? 1n : 0n);
  return toSafe(n < 0n ? -q : q);
}

/** `bp` basis points of an amount, rounded by the rule (half up). Fees, tax, percentage changes. */
export function percentOf(amount: Cents, bp: number): Cents {
  return mulDivRound(amount, bp, BP);
}

/** `bp` basis points of an amount, rounded down (a bound: never more than the share). */
export function pctOfFloor(amount: Cents, bp: number): Cents {
  return mulDivFloor(amount, bp, BP);
}

/** `bp` basis points of an amount, rounded up (a bound: at least the share). */
export function pctOfCeil(amount: Cents, bp: number): Cents {
  return mulDivCeil(amount, bp, BP);
}

/**
 * A rate given as a fraction (0.1325) in basis points (1325). Only for rates exact to the basis
 * point (fee schedules are); anything finer is refused rather than rounded.
 */
export function rateToBp(rate: number): number {
  const bp = Math.round(rate * BP);
  if (!Number.isSafeInteger(bp) || Math.abs(bp / BP - rate) > 1e-12) throw new RangeError(`rate ${rate} is not a whole number of basis points`);
  return bp;
}

/**
 * A percentage (12.5, "-20") in basis points (1250, −2000), read from its decimal text; a finer
 * percentage is rounded to the basis point by the rule. Null when not a number.
 */
export function percentToBp(percent: string | number): number | null {
  return parseCents(percent); // hundredths of a percent are read exactly as hundredths of a dollar
}

/**
 * An amount moved by a percentage (+10, −12.5): amount + `percentOf(amount, bp)`, the change rounded by
 * the rule; never below 0 when the amount is not (a −100 % change or more gives 0). Bulk price changes.
 */
export function addPercent(amount: Cents, percent: number | string): Cents {
  const bp = percentToBp(percent);
  if (bp === null) throw new RangeError(`not a percentage: ${String(percent)}`);
  const moved = addCents(amount, percentOf(amount, bp));
  return amount >= 0 && moved < 0 ? 0 : moved;
}

// ---------------------------------------------------------------------------------------------
// Sums, differences, quantities, comparison.

/** a + b, checked. */
export function addCents(a: Cents, b: Cents): Cents {
  return checked(checked(a) + checked(b), 'sum');
}

/** a − b, checked. */
export function subtractCents(a: Cents, b: Cents): Cents {
  return checked(checked(a) - checked(b), 'difference');
}

/** The sum of amounts, checked at every step (an empty list is 0). */
export function sumCents(amounts: Iterable<Cents>): Cents {
  let s = 0;
  for (const a of amounts) s = addCents(s, a);
  return s;
}

/** An amount times an integer quantity (a line's total), checked. */
export function multiplyCents(amount: Cents, quantity: number): Cents {
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`quantity must be an integer, got ${quantity}`);
  return mulDivFloor(checked(amount), quantity, 1);
}

/** −1, 0 or 1, for sorting. */
export function compareCents(a: Cents, b: Cents): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Splits `total` into parts proportional to integer `weights` (largest remainder): the parts add up
 * to `total` exactly, each within a cent of its exact share, ties to the earlier part. Refund of a
 * lump sum across lines, a fee across orders. All weights 0 → split evenly.
 */
export function allocateCents(total: Cents, weights: readonly number[]): Cents[] {
  checked(total);
  if (weights.length === 0) throw new RangeError('allocate needs at least one weight');
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0)) throw new RangeError('weights must be non-negative integers');
  const ws = weights.every((w) => w === 0) ? weights.map(() => 1) : weights;
  const W = ws.reduce((s, w) => s + BigInt(w), 0n);
  const T = BigInt(total);
  const sign = T < 0n ? -1n : 1n;
  const abs = T * sign;
  const parts = ws.map((w) => (abs * BigInt(w)) / W);
  const rems = ws.map((w, i) => ({ i, r: (abs * BigInt(w)) % W }));
  let left = abs - parts.reduce((s, p) => s + p, 0n);
  rems.sort((x, y) => (x.r === y.r ? x.i - y.i : x.r > y.r ? -1 : 1));
  for (const { i } of rems) {
    if (left === 0n) break;
    parts[i] += 1n;
    left -= 1n;
  }
  return parts.map((p) => toSafe(p * sign) + 0);
}

// ---------------------------------------------------------------------------------------------
// Decimal text ⇄ cents. Dollars are read as decimal TEXT ("12.30", "1,234.5", "-$0.05", "1e3"); a
// number is read through its shortest decimal text (String(12.3) = "12.3"), so 1.005 is 1.005 and
// becomes 101 cents, where Math.round(1.005 * 100) would give 100.

const DECIMAL = /^([+-])?\$?(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * Cents from a decimal amount of dollars: optional sign, optional `$` after it, thousands commas
 * (in groups of three), decimals, an exponent. More than two decimals are rounded by the rule. Null
 * when the text is not such a number or the amount is beyond a safe integer number of cents.
 */
export function parseCents(value: string | number | null | undefined): Cents | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const m = DECIMAL.exec(String(value).trim());
  if (!m) return null;
  const intDigits = m[2].replace(/,/g, '');
  const fracDigits = m[3] ?? '';
  if (intDigits === '' && fracDigits === '') return null;
  const exp = m[4] === undefined ? 0 : Number(m[4]);
  if (!Number.isSafeInteger(exp) || Math.abs(exp) > 400) return null;
  // all the digits as one integer; `point` = how many of them are whole cents
  const digits = intDigits + fracDigits;
  const point = intDigits.length + exp + 2;
  let whole: bigint;
  let roundUp = false;
  if (point >= digits.length) {
    whole = BigInt(digits + '0'.repeat(point - digits.length));
  } else if (point <= 0) {
    whole = 0n;
    roundUp = point === 0 && digits[0] >= '5';
  } else {
    whole = BigInt(digits.slice(0, point));
    roundUp = digits[point] >= '5';
  }
  if (roundUp) whole += 1n;
  if (whole > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  const n = Number(whole);
  return m[1] === '-' && n !== 0 ? -n : n;
}

/** `parseCents`, or a RangeError naming the value. */
export function toCents(value: string | number): Cents {
  const c = parseCents(value);
  if (c === null) throw new RangeError(`not an amount: ${String(value)}`);
  return c;
}

/** "12.34", "-0.05", "1234.00": plain decimal text of dollars (CSV cells, decimal APIs such as Shopify's). */
export function centsToDecimal(amount: Cents): string {
  checked(amount);
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Dollars as a JSON number for the wire (12.34). An integer divided by 100 is the double nearest to
 * the decimal, so it prints as exactly that decimal and `parseCents` reads it back to the same cents.
 */
export function centsToDollars(amount: Cents): number {
  return checked(amount) / 100 + 0;
}

/** `centsToDollars` that keeps null (optional columns). */
export function centsToDollarsOrNull(amount: Cents | null | undefined): number | null {
  return amount === null || amount === undefined ? null : centsToDollars(amount);
}

/** `toCents` that keeps null and undefined (optional fields). */
export function toCentsOrNull(value: string | number | null | undefined): Cents | null {
  return value === null || value === undefined ? null : toCents(value);
}

const SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', CAD: 'CA$', AUD: 'A$', MXN: 'MX$', JPY: '¥' };

/**
 * en-US text of an amount: `$1,234.05`, `-$0.50`; other currencies with their symbol (`€12.00`) or
 * their code (`CHF 12.00`). Written from the integer, never through a float.
 */
export function formatCents(amount: Cents, currency: string = DEFAULT_CURRENCY): string {
  checked(amount);
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const dollars = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const symbol = SYMBOLS[currency.toUpperCase()] ?? `${currency.toUpperCase()} `;
  return `${sign}${symbol}${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** "10 %" / "2.5 %" / "13.25 %" from basis points. */
export function formatBp(bp: number): string {
  checked(bp, 'basis points');
  const sign = bp < 0 ? '-' : '';
  const abs = Math.abs(bp);
  const whole = Math.floor(abs / 100);
  const frac = abs % 100;
  return frac === 0 ? `${sign}${whole} %` : `${sign}${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')} %`;
}

// ---------------------------------------------------------------------------------------------
// Money values: the same operations with the currency carried and checked.

export function money(amount: Cents, currency: string = DEFAULT_CURRENCY): Money {
  return { cents: cents(amount), currency: currency.toUpperCase() };
}

/** Money from decimal dollars (text or number), exact (see `parseCents`); RangeError when not an amount. */
export function fromDecimal(value: string | number, currency: string = DEFAULT_CURRENCY): Money {
  return money(toCents(value), currency);
}

function same(a: Money, b: Money): string {
  if (a.currency !== b.currency) throw new RangeError(`currency mismatch: ${a.currency} and ${b.currency}`);
  return a.currency;
}

export function add(a: Money, b: Money): Money {
  return money(addCents(a.cents, b.cents), same(a, b));
}

export function subtract(a: Money, b: Money): Money {
  return money(subtractCents(a.cents, b.cents), same(a, b));
}

export function sum(items: readonly Money[], currency: string = items[0]?.currency ?? DEFAULT_CURRENCY): Money {
  const zero = money(0, currency);
  return items.reduce((s, m) => add(s, m), zero);
}

export function multiply(m: Money, quantity: number): Money {
  return money(multiplyCents(m.cents, quantity), m.currency);
}

/** `bp` basis points of an amount, rounded by the rule. */
export function percent(m: Money, bp: number): Money {
  return money(percentOf(m.cents, bp), m.currency);
}

export function allocate(m: Money, weights: readonly number[]): Money[] {
  return allocateCents(m.cents, weights).map((c) => money(c, m.currency));
}

export function compare(a: Money, b: Money): -1 | 0 | 1 {
  same(a, b);
  return compareCents(a.cents, b.cents);
}

export function equals(a: Money, b: Money): boolean {
  return a.currency === b.currency && a.cents === b.cents;
}

export function format(m: Money): string {
  return formatCents(m.cents, m.currency);
}
