import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/**
 * Home-visit zones of the demo laboratories: postal-code prefixes (digits only, `02` covers
 * 02-000…02-999) with the visit fee in the laboratory's currency (major units). Outer zones cost
 * more; some districts are served by only one laboratory of a city, so "served by another
 * laboratory" exists in the demo, and codes such as 99-999 are served by none.
 */
export interface DemoZone {
  laboratoryId: string;
  country: 'PL' | 'BY' | 'LT';
  prefix: string;
  visitFee: number;
}

const zones = (laboratoryId: string, country: DemoZone['country'], fee: number, prefixes: string[]): DemoZone[] =>
  prefixes.map((prefix) => ({ laboratoryId, country, prefix, visitFee: fee }));

export const DEMO_ZONES: DemoZone[] = [
  // Warsaw: 00-04 city districts, 05 the suburbs (Piaseczno, Ząbki, Marki …).
  ...zones('warsaw-mokotow', 'PL', 49, ['00', '02']),
  ...zones('warsaw-mokotow', 'PL', 69, ['05']),
  ...zones('warsaw-srodmiescie', 'PL', 49, ['00', '01']),
  ...zones('warsaw-praga', 'PL', 45, ['03', '04']),
  ...zones('warsaw-praga', 'PL', 65, ['05']),
  // Kraków: 30-31 city, 32 the county.
  ...zones('krakow-stare-miasto', 'PL', 39, ['30', '31']),
  ...zones('krakow-stare-miasto', 'PL', 59, ['32']),
  ...zones('krakow-nowa-huta', 'PL', 39, ['31']),
  // Tricity: Gdańsk 80, Gdynia and Sopot 81.
  ...zones('gdansk-wrzeszcz', 'PL', 42, ['80']),
  ...zones('gdansk-wrzeszcz', 'PL', 55, ['81']),
  // Wrocław 50-54, the county 55.
  ...zones('wroclaw-krzyki', 'PL', 42, ['50', '51', '52', '53', '54']),
  ...zones('wroclaw-krzyki', 'PL', 60, ['55']),
  // Minsk 220, Minsk region 222-223; Grodno 230.
  ...zones('minsk-centre', 'BY', 25, ['220']),
  ...zones('minsk-centre', 'BY', 35, ['222', '223']),
  ...zones('minsk-uruchie', 'BY', 25, ['220']),
  ...zones('grodno-centre', 'BY', 20, ['230']),
  ...zones('grodno-centre', 'BY', 28, ['231']),
  // Vilnius LT-01…LT-14: west and centre from Naujamiestis, north and east from Antakalnis.
  ...zones('vilnius-naujamiestis', 'LT', 15, ['01', '02', '03', '04', '05', '06']),
  ...zones('vilnius-antakalnis', 'LT', 15, ['08', '09', '10', '11', '12', '13', '14']),
  ...zones('vilnius-antakalnis', 'LT', 19, ['01']),
];

/**
 * Inserts the demo zones of the demo laboratories present that have no zones yet (idempotent; an
 * edited laboratory keeps its zones).
 */
export async function applyDemoZones(db: Kysely<Database>): Promise<void> {
  const labs = new Set((await db.selectFrom('laboratories').select('id').execute()).map((l) => l.id));
  const zoned = new Set((await db.selectFrom('laboratory_zones').select('laboratory_id').distinct().execute()).map((z) => z.laboratory_id));
  const rows = DEMO_ZONES.filter((z) => labs.has(z.laboratoryId) && !zoned.has(z.laboratoryId)).map((z) => ({
    laboratory_id: z.laboratoryId,
    country: z.country,
    prefix: z.prefix,
    visit_fee_minor: Math.round(z.visitFee * 100),
  }));
  if (rows.length) await db.insertInto('laboratory_zones').values(rows).execute();
}
