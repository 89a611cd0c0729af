/** The shop-against-floor section of docs/benchmarks.md. */
import type { Figure, WebResult } from './web';
import { median } from './lib/stats';

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
function verdict(f: Figure, floor: number | null | undefined = f.floor, givenRatio?: number | null): string {
  if (!f.target || f.shop === null) return '';
  const t = f.target;
  const r = givenRatio !== undefined ? givenRatio : floor ? f.shop / floor : null;
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

const numbers = (xs: (number | null | undefined)[]) => xs.filter((x): x is number => typeof x === 'number' && !Number.isNaN(x));

/**
 * Several runs of the shop against the floor (`--repeat N`): each figure's median shop and floor
 * value, the median of the runs' ratios (each ratio pairs the shop with the floor measured just before
 * it in the same run), every run's ratio, and the verdict on the medians.
 */
export function medianMarkdown(runs: WebResult[], machine: string, quick: boolean): string {
  const first = runs[0];
  if (!first) return '';
  const lines = [
    `${WEB_HEADING} (${machine}, median of ${runs.length} runs)`,
    '',
    `Production builds of the shop and the floor app started side by side on demo data (SQLite), measured ${runs.length} times in a row on one build${quick ? ' (`--quick`: 4 s per load target, one Lighthouse run per page)' : ' (10 s per load target, Lighthouse median of 3 in each run)'}. ` +
      'Each figure: the median of the shop\'s values, of the floor\'s, and of the runs\' ratios (a ratio pairs the shop with the floor measured just before it); the verdict is on the medians.',
    '',
    '| figure | shop (median) | floor (median) | ratio (median) | ratios of the runs | target | median against floor |',
    '|---|---:|---:|---:|---|---|---|',
  ];
  for (const f of first.figures) {
    const same = runs.map((r) => r.figures.find((g) => g.key === f.key));
    const shop = median(numbers(same.map((g) => g?.shop)));
    const floor = median(numbers(same.map((g) => g?.floor)));
    const ratios = same.map((g) => (g && g.shop !== null && g.floor ? g.shop / g.floor : null));
    const r = median(numbers(ratios));
    const unit = ` ${f.unit}`.replace(' score', '').replace(' %', '%');
    const cell = (v: number | null) => (v === null ? '' : fmt(v, f.unit) + unit);
    const perRun = ratios.map((x) => (x === null ? '–' : x.toFixed(2))).join(' / ');
    const judged = verdict({ ...f, shop, floor }, floor, f.floor === null ? undefined : r);
    lines.push(`| ${f.label} | ${cell(shop)} | ${cell(floor)} | ${r === null ? '' : r.toFixed(2)} | ${ratios.some((x) => x !== null) ? perRun : ''} | ${f.target ?? ''} | ${judged} |`);
  }
  const notes = runs.flatMap((run, i) => run.notes.map((n) => `- run ${i + 1}: ${n}`));
  if (notes.length) lines.push('', ...notes);
  return lines.join('\n');
}
