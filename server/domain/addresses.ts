/**
 * Plausible ship-to addresses drawn from the one seeded PRNG (./prng.ts), for the demo seed and the
 * sandbox marketplaces (docs/commerce.md "Ship-to address"): the same draw gives the same address on
 * every engine and every run. Each country writes its own way — US/CA/AU a state or province and
 * their postal formats, UK postcodes, German and French postal codes before the city — and every
 * address passes the contract's rules (contract/addresses.ts `shipToAddress`).
 */
import type { Rng } from './prng';
import type { ShipTo } from '../../contract/addresses';

interface Place { city: string; region?: string; postal: (r: Rng) => string }

const digits = (r: Rng, n: number) => Array.from({ length: n }, () => Math.floor(r() * 10)).join('');
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const letter = (r: Rng, from: string) => from[Math.floor(r() * from.length)];
const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

// ZIP = the area's 3-digit prefix and two more digits
const us = (city: string, region: string, prefix: string): Place => ({ city, region, postal: (r) => `${prefix}${digits(r, 2)}` });
// forward sortation area, then digit letter digit (letters Canada Post uses)
const ca = (city: string, region: string, fsa: string): Place => ({ city, region, postal: (r) => `${fsa} ${digits(r, 1)}${letter(r, 'ABCEGHJKLMNPRSTVWXYZ')}${digits(r, 1)}` });
// outward code, then the inward code: a digit and two letters (never C, I, K, M, O, V)
const gb = (city: string, outward: string): Place => ({ city, postal: (r) => `${outward} ${digits(r, 1)}${letter(r, 'ABDEFGHJLNPQRSTUWXYZ')}${letter(r, 'ABDEFGHJLNPQRSTUWXYZ')}` });
// a postcode of the city's first ten
const numbered = (city: string, base: number, width: number, region?: string): Place => ({ city, region, postal: (r) => pad(base + Math.floor(r() * 10), width) });

const PLACES: Record<string, readonly Place[]> = {
  US: [
    us('New York', 'NY', '100'), us('Brooklyn', 'NY', '112'), us('Los Angeles', 'CA', '900'), us('San Francisco', 'CA', '941'),
    us('Chicago', 'IL', '606'), us('Houston', 'TX', '770'), us('Austin', 'TX', '787'), us('Phoenix', 'AZ', '850'),
    us('Philadelphia', 'PA', '191'), us('Seattle', 'WA', '981'), us('Denver', 'CO', '802'), us('Boston', 'MA', '021'),
    us('Atlanta', 'GA', '303'), us('Miami', 'FL', '331'), us('Portland', 'OR', '972'), us('Minneapolis', 'MN', '554'),
    us('Nashville', 'TN', '372'), us('Columbus', 'OH', '432'), us('Raleigh', 'NC', '276'), us('Salt Lake City', 'UT', '841'),
  ],
  CA: [
    ca('Toronto', 'ON', 'M5V'), ca('Ottawa', 'ON', 'K1P'), ca('Montréal', 'QC', 'H2X'), ca('Vancouver', 'BC', 'V6B'), ca('Calgary', 'AB', 'T2P'),
    ca('Edmonton', 'AB', 'T5J'), ca('Winnipeg', 'MB', 'R3C'), ca('Halifax', 'NS', 'B3J'), ca('Québec', 'QC', 'G1R'), ca('Victoria', 'BC', 'V8W'),
  ],
  GB: [
    gb('London', 'SW1A'), gb('London', 'EC1A'), gb('London', 'N1'), gb('Manchester', 'M1'), gb('Birmingham', 'B1'), gb('Leeds', 'LS1'),
    gb('Bristol', 'BS1'), gb('Edinburgh', 'EH1'), gb('Glasgow', 'G1'), gb('Cardiff', 'CF10'), gb('Liverpool', 'L1'), gb('Oxford', 'OX1'),
  ],
  AU: [
    numbered('Sydney', 2000, 4, 'NSW'), numbered('Melbourne', 3000, 4, 'VIC'), numbered('Brisbane', 4000, 4, 'QLD'), numbered('Perth', 6000, 4, 'WA'),
    numbered('Adelaide', 5000, 4, 'SA'), numbered('Hobart', 7000, 4, 'TAS'), numbered('Canberra', 2600, 4, 'ACT'), numbered('Darwin', 800, 4, 'NT'),
  ],
  DE: [
    numbered('Berlin', 10115, 5), numbered('Hamburg', 20095, 5), numbered('München', 80331, 5), numbered('Köln', 50667, 5),
    numbered('Frankfurt am Main', 60311, 5), numbered('Stuttgart', 70173, 5), numbered('Düsseldorf', 40213, 5), numbered('Leipzig', 4109, 5),
  ],
  FR: [
    numbered('Paris', 75001, 5), numbered('Lyon', 69001, 5), numbered('Marseille', 13001, 5), numbered('Toulouse', 31000, 5),
    numbered('Nice', 6000, 5), numbered('Bordeaux', 33000, 5), numbered('Lille', 59000, 5), numbered('Nantes', 44000, 5),
  ],
};

const STREETS: Record<string, readonly string[]> = {
  US: ['Maple Avenue', 'Oak Street', 'Cedar Lane', 'Elm Street', 'Washington Boulevard', 'Park Avenue', 'Lakeview Drive', 'Pine Street', 'Highland Avenue', 'Main Street', 'Madison Avenue', 'River Road', 'Willow Court', 'Sunset Boulevard'],
  CA: ['Main Street', 'Queen Street', 'King Street', 'Church Street', 'Wellington Street', 'Victoria Avenue', 'Maple Drive', 'Birch Crescent', 'Lakeshore Road', 'Park Avenue'],
  GB: ['High Street', 'Station Road', 'Church Lane', 'Victoria Road', 'Green Lane', 'Park Road', 'Mill Lane', 'King Street', 'Queens Road', 'The Crescent'],
  AU: ['George Street', 'King Street', 'Queen Street', 'Elizabeth Street', 'Church Street', 'High Street', 'Victoria Road', 'Park Road'],
  DE: ['Hauptstraße', 'Bahnhofstraße', 'Gartenstraße', 'Schulstraße', 'Lindenstraße', 'Bergstraße', 'Kirchweg', 'Goethestraße'],
  FR: ['rue de la République', 'avenue Victor Hugo', 'boulevard Voltaire', 'rue des Lilas', 'rue Pasteur', 'avenue Jean Jaurès', 'rue du Moulin', 'place de la Mairie'],
};

/** The countries the generator writes in their own way; any other gets a plain form (a street, a city, a postal code). */
export const GENERATED_COUNTRIES = Object.keys(PLACES);

const SECOND_LINE: Record<string, readonly string[]> = {
  US: ['Apt', 'Suite', 'Unit'], CA: ['Apt', 'Suite', 'Unit'], AU: ['Unit', 'Level'], GB: ['Flat'], DE: ['Wohnung'], FR: ['Appartement', 'Bâtiment'],
};

/**
 * A plausible address in `country` for `name`, from `r`: a house number and a street, a second line
 * for about one address in four, a city with its region and a postal code of that city.
 */
export function plausibleAddress(r: Rng, country: string, name: string): ShipTo {
  const c = country.toUpperCase();
  const number = 1 + Math.floor(r() * (c === 'US' ? 9899 : 199));
  const street = pick(r, STREETS[c] ?? ['Market Street', 'Station Road', 'Central Avenue', 'Harbour Road']);
  // the house number after the street in Germany, before it elsewhere (streets are common ones, not the city's own)
  const line1 = c === 'DE' ? `${street} ${number}` : `${number} ${street}`;
  const place = PLACES[c] ? pick(r, PLACES[c]) : { city: 'Central District', postal: (x: Rng) => digits(x, 5) };
  const postal = place.postal(r);
  const second = r() < 0.25 ? `${pick(r, SECOND_LINE[c] ?? ['Unit'])} ${1 + Math.floor(r() * 40)}` : undefined;
  const out: ShipTo = { name, line1, city: place.city, postal_code: postal, country: c };
  if (second) out.line2 = second;
  if (place.region) out.region = place.region;
  return out;
}
