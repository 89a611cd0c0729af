/** The shop-against-floor section of docs/benchmarks.md. */
import type { Figure, WebResult } from './web';

export const WEB_HEADING = '## Shop against the floor';
export const SEARCH_HEADING = '## Catalogue search figures';

/** Figures of an earlier run (`npm run bench -- --save-json bench/before.json` on the older build). */
export interface BeforeFile extends WebResult {
  machine: string;
  quick: boolean;
  /** What was measured: the commit and how. */
  about?: string;
}

function fmt(v: number | null | undefined, unit: Figure['unit']): string {
  if (v === null || v === undefined || Number.isNaN(v)) return '';
  if (unit === 'req/s' || unit === 'rows/s' || unit === 'ms' || unit === 'score') return Math.round(v).toLocaleString('en-US');
  return (Math.round(v * 10) / 10).toLocaleString('en-US');
}

function ratio(f: Pick<Figure, 'shop' | 'floor'> | undefined): string {
  if (!f || f.shop === null || f.floor === null || !f.floor) return '';
  return (f.shop / f.floor).toFixed(2);
}

/** Whether a figure meets its target (blank when it has none or it cannot be judged from one figure). */
function verdict(f: Figure, floor: number | null | undefined = f.floor): string {
  if (!f.target || f.shop === null) return '';
  const t = f.target;
  const r = floor ? f.shop / floor : null;
  let ok: boolean | null = null;
  let m: RegExpExecArray | null;
  if ((m = /^>= ([\d.]+)x floor$/.exec(t)) && r !== null) ok = r >= Number(m[1]);
  else if ((m = /^<= ([\d.]+)x floor$/.exec(t)) && r !== null) ok = r <= Number(m[1]);
  else if ((m = /^< ([\d.]+) ms$/.exec(t))) ok = f.shop < Number(m[1]);
  else if ((m = /^<= ([\d.]+) kB$/.exec(t))) ok = f.shop <= Number(m[1]);
  else if ((m = /^>= ([\d.]+)$/.exec(t))) ok = f.shop >= Number(m[1]);
  else if (/^100$/.test(t)) ok = f.shop >= 100;
  else if (t === 'within 10%') ok = Math.abs(f.shop) <= 10;
  return ok === null ? '' : ok ? 'met' : '**not met**';
}

export function webMarkdown(result: WebResult, before: BeforeFile | null, machine: string, quick: boolean): string {
  const prior = new Map((before?.figures ?? []).map((f) => [f.key, f]));
  const lines = [
    `${WEB_HEADING} (${machine})`,
    '',
    `Production builds of the shop and the floor app (as shipped, and with its 50 cards rendered: "floor, cards") started side by side on demo data (SQLite) and measured in one run${quick ? ' (`--quick`: 4 s per load target, one Lighthouse run per page, memory over 5,000 requests)' : ' (10 s per load target, Lighthouse median of 3)'}. ` +
      'Ratios are shop / floor of the same run; req/s and latency drift with the load of the shared machine, ratios much less. ' +
      (before ? `"Before" columns: ${before.about ?? 'an earlier run'} (${before.machine}${before.quick ? ', `--quick`' : ''}).` : ''),
    '',
    before
      ? '| figure | before: shop | before: floor | before: ratio | shop | floor | ratio | floor, cards | ratio to it | target | against floor | against floor, cards |'
      : '| figure | shop | floor | ratio | floor, cards | ratio to it | target | against floor | against floor, cards |',
    before ? '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---|' : '|---|---:|---:|---:|---:|---:|---|---|---|',
  ];
  for (const f of result.figures) {
    const unit = ` ${f.unit}`.replace(' score', '').replace(' %', '%');
    const cards = f.floorCards ?? null;
    const now = [
      fmt(f.shop, f.unit) + (f.shop !== null ? unit : ''),
      fmt(f.floor, f.unit) + (f.floor !== null ? unit : ''),
      ratio(f),
      fmt(cards, f.unit) + (cards !== null ? unit : ''),
      ratio({ shop: f.shop, floor: cards }),
    ];
    const verdicts = `${verdict(f)} | ${cards !== null ? verdict(f, cards) : ''}`;
    if (before) {
      const b = prior.get(f.key);
      const was = b ? [fmt(b.shop, b.unit) + (b.shop !== null ? unit : ''), fmt(b.floor, b.unit) + (b.floor !== null ? unit : ''), ratio(b)] : ['', '', ''];
      lines.push(`| ${f.label} | ${was.join(' | ')} | ${now.join(' | ')} | ${f.target ?? ''} | ${verdicts} |`);
    } else {
      lines.push(`| ${f.label} | ${now.join(' | ')} | ${f.target ?? ''} | ${verdicts} |`);
    }
  }
  if (result.notes.length) lines.push('', ...result.notes.map((n) => `- ${n}`));
  lines.push('', '<details><summary>First-load JavaScript of every page (gzip, from the build manifest)</summary>', '', `Floor: ${(result.floorJs / 1024).toFixed(1)} kB; target 1.25x = ${((result.floorJs * 1.25) / 1024).toFixed(1)} kB.`, '');
  const beforeJs = new Map((before?.pageJs ?? []).map((p) => [p.page, p.shop]));
  lines.push(before ? '| page | before (kB) | now (kB) | ratio to floor |' : '| page | kB | ratio to floor |', before ? '|---|---:|---:|---:|' : '|---|---:|---:|');
  for (const p of result.pageJs) {
    const now = (p.shop / 1024).toFixed(1);
    const r = result.floorJs ? (p.shop / result.floorJs).toFixed(2) : '';
    const b = beforeJs.get(p.page);
    lines.push(before ? `| \`${p.page}\` | ${b ? (b / 1024).toFixed(1) : ''} | ${now} | ${r} |` : `| \`${p.page}\` | ${now} | ${r} |`);
  }
  lines.push('', '</details>');
  return lines.join('\n');
}
