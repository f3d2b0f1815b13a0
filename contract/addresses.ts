/**
 * The ship-to address of an order (docs/commerce.md "Ship-to address"): one schema for the server's
 * requests, the imports, the marketplace mappings and the console's form, so a person sees the
 * server's rule before sending. Browser-safe: zod and the country list only.
 *
 * The rules, kept simple on purpose:
 * - name, line1, city, postal_code and country are required; line2 is optional;
 * - region (state, province, territory) is required in the countries whose mail needs one
 *   (`REGION_COUNTRIES`: US, CA, AU) and optional elsewhere;
 * - the postal code is checked against its country's format where one is known (`POSTAL_FORMATS`:
 *   US ZIP or ZIP+4, Canadian A1A 1A1, UK postcodes, Australian 4 digits) and written in its
 *   canonical form (upper case, the space where the format has one); anywhere else it must not be empty;
 * - country is an ISO 3166-1 alpha-2 code (contract/countries.ts), the order's `ship_to_country`.
 */
import { z } from 'zod';
import { COUNTRY_MESSAGE, countryName, isCountryCode } from './countries';
import { badTextReason } from './fields';
import type { OrderStatus } from './orders';

/** An order's address can be corrected until it ships (`PUT /orders/{id}/ship-to`); its country only while pending. */
export const ADDRESS_EDITABLE_STATUSES: readonly OrderStatus[] = ['pending', 'routed', 'ordered_from_supplier'];

/** Countries whose addresses need a state, province or territory, and what it is called there. */
export const REGION_COUNTRIES = { US: 'State', CA: 'Province', AU: 'State or territory' } as const satisfies Record<string, string>;
export type RegionCountry = keyof typeof REGION_COUNTRIES;

export const needsRegion = (country: string): country is RegionCountry => Object.hasOwn(REGION_COUNTRIES, country);

/** The region field's label for a country ("State" in the US, "Province" in Canada, else "Region"). */
export const regionLabel = (country: string): string => (needsRegion(country) ? REGION_COUNTRIES[country] : 'Region');

interface PostalFormat {
  /** checked against the cleaned-up text (trimmed, upper case, one space at most) */
  pattern: RegExp;
  /** the canonical form of a matching code */
  canonical: (s: string) => string;
  message: string;
  /** the form field's label */
  label: string;
}

/** "SW1A1AA" → "SW1A 1AA": the inward code (last three characters) after one space. */
const spaceBeforeLastThree = (s: string) => {
  const t = s.replace(/ /g, '');
  return `${t.slice(0, -3)} ${t.slice(-3)}`;
};

export const POSTAL_FORMATS: Record<string, PostalFormat> = {
  US: { pattern: /^\d{5}(-\d{4})?$/, canonical: (s) => s, message: 'Not a US ZIP code (5 digits, or ZIP+4 such as 94105-1234)', label: 'ZIP code' },
  // letters D, F, I, O, Q, U never appear; W and Z not first (Canada Post)
  CA: { pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/, canonical: spaceBeforeLastThree, message: 'Not a Canadian postal code (such as K1A 0B1)', label: 'Postal code' },
  // outward code (A9, A99, A9A, AA9, AA99, AA9A) and inward code (9AA); GIR 0AA is Girobank's
  GB: { pattern: /^(([A-Z]{1,2}\d[A-Z\d]?) ?\d[A-Z]{2}|GIR ?0AA)$/, canonical: spaceBeforeLastThree, message: 'Not a UK postcode (such as SW1A 1AA)', label: 'Postcode' },
  AU: { pattern: /^\d{4}$/, canonical: (s) => s, message: 'Not an Australian postcode (4 digits)', label: 'Postcode' },
};

/** The postal code field's label for a country. */
export const postalLabel = (country: string): string => POSTAL_FORMATS[country]?.label ?? 'Postal code';

/** Trimmed, upper case, runs of white space as one space. */
const cleanPostal = (s: string) => s.trim().toUpperCase().replace(/\s+/g, ' ');

/** Why a postal code is not one of the country's, or null when it is (or the country has no known format). */
export function postalCodeProblem(country: string, postalCode: string): string | null {
  const clean = cleanPostal(postalCode);
  if (!clean) return 'Enter the postal code';
  const f = POSTAL_FORMATS[country];
  return f && !f.pattern.test(clean) ? f.message : null;
}

/** The postal code as the country writes it ("k1a0b1" → "K1A 0B1"); anything else cleaned up only. */
export function canonicalPostalCode(country: string, postalCode: string): string {
  const clean = cleanPostal(postalCode);
  const f = POSTAL_FORMATS[country];
  return f && f.pattern.test(clean) ? f.canonical(clean) : clean;
}

/** A text field of the address: trimmed, bounded, storable; `required` names what to enter when it is missing or empty. */
function line(max: number, required: string) {
  return z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? required : 'Must be text') })
    .trim()
    .min(1, required)
    .max(max, `At most ${max} characters`)
    .superRefine((s, ctx) => {
      const bad = badTextReason(s);
      if (bad) ctx.addIssue({ code: 'custom', message: bad });
    });
}

/** An optional text field: absent, null or empty all mean "none". */
function optionalLine(max: number) {
  return z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, `At most ${max} characters`)
    .superRefine((s, ctx) => {
      const bad = badTextReason(s);
      if (bad) ctx.addIssue({ code: 'custom', message: bad });
    })
    .nullish()
    .transform((s) => (s ? s : undefined));
}

export const ADDRESS_FIELDS = ['name', 'line1', 'line2', 'city', 'region', 'postal_code', 'country'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/**
 * A ship-to address. Per-field issues (`postal_code`, `region`, …), all of them at once, so the
 * request's 400 names every field (docs/api-conventions.md "Request pipeline").
 */
export const shipToAddress = z
  .object({
    name: line(255, "Enter the recipient's name"),
    line1: line(255, 'Enter the street address'),
    line2: optionalLine(255),
    city: line(100, 'Enter the city'),
    region: optionalLine(100),
    postal_code: line(20, 'Enter the postal code'),
    country: z
      .string({ error: 'Enter the country (two letters, e.g. US)' })
      .trim()
      .transform((s) => s.toUpperCase())
      .refine(isCountryCode, COUNTRY_MESSAGE),
  })
  .superRefine((a, ctx) => {
    // the rules of the country, when the country itself is one (its own issue is reported already)
    const country = typeof a.country === 'string' ? a.country.trim().toUpperCase() : '';
    if (!isCountryCode(country)) return;
    if (needsRegion(country) && !(typeof a.region === 'string' && a.region.trim())) {
      ctx.addIssue({ code: 'custom', path: ['region'], message: `Enter the ${regionLabel(country).toLowerCase()} (required for ${countryName(country)})` });
    }
    if (typeof a.postal_code === 'string' && a.postal_code.trim()) {
      const problem = postalCodeProblem(country, a.postal_code);
      if (problem) ctx.addIssue({ code: 'custom', path: ['postal_code'], message: problem });
    }
  })
  .transform((a) => {
    const out: ShipTo = { name: a.name, line1: a.line1, city: a.city, postal_code: canonicalPostalCode(a.country, a.postal_code), country: a.country };
    if (a.line2) out.line2 = a.line2;
    // a state or province code is written in capitals ("tx" → "TX"); a name stays as typed
    if (a.region) out.region = needsRegion(a.country) && a.region.length <= 3 ? a.region.toUpperCase() : a.region;
    return out;
  });

/** A valid address as stored and answered (`orders.ship_to`): optional fields absent, never empty. */
export interface ShipTo {
  name: string;
  line1: string;
  line2?: string;
  city: string;
  region?: string;
  postal_code: string;
  country: string;
}

/** The answer's shape of a stored address (no rules: what the server wrote was checked on the way in). */
export const shipTo = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  region: z.string().optional(),
  postal_code: z.string(),
  country: z.string(),
});

/** The first problem of each field of an address, by field: what the server would answer in its 400 (empty when valid). */
export function addressProblems(input: unknown): Partial<Record<AddressField, string>> {
  const r = shipToAddress.safeParse(input);
  if (r.success) return {};
  const out: Partial<Record<AddressField, string>> = {};
  for (const i of r.error.issues) {
    const f = (i.path[0] ?? 'name') as AddressField;
    out[f] ??= i.message;
  }
  return out;
}

/** Countries whose postal code comes before the city on the city line ("10115 Berlin"). */
const POSTAL_FIRST = new Set(['AT', 'BE', 'CH', 'DE', 'DK', 'ES', 'FI', 'FR', 'IT', 'NL', 'NO', 'PL', 'PT', 'SE']);

/**
 * The address as printed, one line each: name, street lines, the city line in the country's order
 * (US/CA/AU "City, ST 12345"; most of Europe "12345 City"; the UK's town then postcode on lines of
 * their own), and the country's name. The label PDF and the order page both print these lines.
 */
export function addressLines(a: Pick<ShipTo, 'country'> & Partial<ShipTo>): string[] {
  const country = a.country.toUpperCase();
  const cityLines: string[] = [];
  if (country === 'GB') cityLines.push(...[a.city, a.region].filter((x): x is string => !!x), ...(a.postal_code ? [a.postal_code] : []));
  else if (POSTAL_FIRST.has(country)) cityLines.push([a.postal_code, a.city].filter(Boolean).join(' '), ...(a.region ? [a.region] : []));
  else cityLines.push([[a.city, a.region].filter(Boolean).join(', '), a.postal_code].filter(Boolean).join(' '));
  return [a.name, a.line1, a.line2, ...cityLines, countryName(country) ?? country].filter((x): x is string => !!x && x.trim() !== '');
}
