/**
 * Creates a promo code:
 *
 *   npm run promo:add -- <CODE> --percent <n> | --amount <n> [--laboratory <id>] [--min-order <n>]
 *                        [--max-uses <n>] [--per-user <n>] [--from <YYYY-MM-DD>] [--to <YYYY-MM-DD>]
 *
 * `--amount` and `--min-order` are in major units of the laboratory's currency (49.5 = 49.50 PLN).
 * Without `--laboratory` the code is valid in every laboratory. Dates are UTC days, both inclusive.
 * Uses the database of DATABASE_URL (like the app), migrating and seeding it first when needed.
 */
import { HttpError } from '../src/server/http/errors';
import { createPromo } from '@/server/orders/promo';
import { parseCommandLine, runScript, withDatabase } from './lib/cli';

const USAGE =
  'Usage: npm run promo:add -- <CODE> --percent <n> | --amount <n> [--laboratory <id>] [--min-order <n>] [--max-uses <n>] [--per-user <n>] [--from <date>] [--to <date>]';

function num(v: string | undefined, name: string): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new HttpError(400, `--${name} expects a number, got "${v}"`);
  return n;
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseCommandLine(
    argv,
    {
      percent: { type: 'string' },
      amount: { type: 'string' },
      laboratory: { type: 'string' },
      'min-order': { type: 'string' },
      'max-uses': { type: 'string' },
      'per-user': { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
    },
    USAGE,
  );
  if (!parsed) return 2;
  const [code] = parsed.positionals;
  const o = parsed.values;
  if (!code || parsed.positionals.length > 1 || (o.percent === undefined) === (o.amount === undefined)) {
    console.error(USAGE);
    return 2;
  }
  return withDatabase(async (db) => {
    const r = await createPromo(db, {
      code,
      laboratoryId: o.laboratory ?? null,
      percent: num(o.percent, 'percent'),
      amount: num(o.amount, 'amount'),
      minOrder: num(o['min-order'], 'min-order'),
      maxUses: num(o['max-uses'], 'max-uses') ?? null,
      perUser: num(o['per-user'], 'per-user') ?? null,
      from: o.from ?? null,
      to: o.to ?? null,
    });
    const what = o.percent !== undefined ? `${o.percent}%` : `${o.amount}`;
    console.log(`Created promo code ${r.code} (id ${r.id}): ${what} off${o.laboratory ? ` in laboratory ${o.laboratory}` : ' in every laboratory'}`);
    return 0;
  });
}

runScript(main);
