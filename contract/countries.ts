/**
 * ISO 3166-1 alpha-2 country codes — the one list the server's zod schemas and the console's supplier
 * form check against (docs/commerce.md). The codes and English names come from `i18n-iso-countries`;
 * its "XK" (Kosovo) is a user-assigned code, not part of ISO 3166-1, so it is left out (249 codes).
 */
import { z } from 'zod';
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

countries.registerLocale(en);

const NOT_IN_ISO_3166_1 = new Set(['XK']);

export const COUNTRY_CODES: readonly string[] = Object.keys(countries.getAlpha2Codes())
  .filter((c) => !NOT_IN_ISO_3166_1.has(c))
  .sort();

const KNOWN = new Set(COUNTRY_CODES);

export const COUNTRY_MESSAGE = 'Not an ISO 3166-1 country code (two letters, e.g. US)';

export function isCountryCode(code: string): boolean {
  return KNOWN.has(code.trim().toUpperCase());
}

/** The English short name of a code, e.g. "DE" → "Germany"; undefined for an unknown code. */
export function countryName(code: string): string | undefined {
  return isCountryCode(code) ? countries.getName(code.trim().toUpperCase(), 'en') : undefined;
}

/** A country field: trimmed, upper-cased, one of the 249 codes. */
export const countryCode = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .refine(isCountryCode, COUNTRY_MESSAGE);

/**
 * The code of a country written as a code or as its English name ("US", "United States", "USA",
 * "United Kingdom"), as marketplace reports write it; undefined when it names no country.
 */
export function countryCodeOf(text: string): string | undefined {
  const t = text.trim();
  if (!t) return undefined;
  if (isCountryCode(t)) return t.toUpperCase();
  const code = countries.getAlpha2Code(t, 'en');
  return code && isCountryCode(code) ? code : undefined;
}
