import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { flagLabelKey } from '@/shared/resultFlag';
import type { AnalysisResultDto, PatientResultsDto, ResultFlagDto } from '@/shared/types/results';
import { defaultLanguage, intlLocale, type Language } from '@/shared/i18n';
import { labPlace, localName, resultName } from '@/shared/catalogueText';
import { displayUnit } from '@/shared/units';
import { serverI18n } from '@/shared/i18n/resources';
import type { SampleCheckInDto } from '@/shared/types/needs';
import { checkInLines } from './checkInLines';

/**
 * The PDF of one patient's results in one set (pdfkit). The text font is DejaVu Sans, shipped by
 * the `dejavu-fonts-ttf` package, because pdfkit's built-in Helvetica has no Cyrillic or Polish
 * letters. The document is in the language of the request (namespace `results`, keys `pdf.*`).
 */
const FONT_DIRS = [
  path.join(process.cwd(), 'node_modules', 'dejavu-fonts-ttf', 'ttf'),
  '/usr/share/fonts/truetype/dejavu',
];

function fontFile(name: string): string {
  for (const dir of FONT_DIRS) {
    const file = path.join(dir, name);
    if (fs.existsSync(file)) return file;
  }
  throw new Error(`Font ${name} not found; run npm install (package dejavu-fonts-ttf)`);
}

const FLAG_COLOUR: Record<ResultFlagDto, string> = { low: '#b45309', normal: '#1b5e20', high: '#b91c1c', critical: '#7f1d1d', abnormal: '#6a1b9a' };

/** The reference range with its unit as the reader writes it ("3.9–5.6 ммоль/л"). */
export function rangeText(r: Pick<AnalysisResultDto, 'refLow' | 'refHigh' | 'refText' | 'unit'>, language: string = defaultLanguage): string {
  if (r.refText) return r.refText;
  const unit = r.unit ? ` ${displayUnit(r.unit, language)}` : '';
  if (r.refLow !== null && r.refHigh !== null) return `${r.refLow}–${r.refHigh}${unit}`;
  if (r.refLow !== null) return `≥ ${r.refLow}${unit}`;
  if (r.refHigh !== null) return `≤ ${r.refHigh}${unit}`;
  return '—';
}

export function pdfFileName(data: PatientResultsDto): string {
  const who = `${data.patient.firstName}-${data.patient.lastName}`
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9-]+/g, '')
    .slice(0, 40);
  return `results-${data.testResult.orderNumber.replace(/[^A-Za-z0-9-]+/g, '')}-${who || data.patient.id}.pdf`;
}


/** Renders the PDF into a buffer, in the given language. */
/** `checkIn`: the morning check-in's answers, printed under the sample's date (they travel with the sample). */
export function renderResultsPdf(data: PatientResultsDto, language: Language = defaultLanguage, checkIn: SampleCheckInDto | null = null): Promise<Buffer> {
  const t = serverI18n(language).getFixedT(language, 'results');
  const day = (iso: string) => new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
  const regular = fontFile('DejaVuSans.ttf');
  const bold = fontFile('DejaVuSans-Bold.ttf');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    font: regular,
    info: { Title: t('pdf.documentTitle', { number: data.testResult.orderNumber }), Author: 'Lab shop' },
  });
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { patient, testResult } = data;
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  doc.font('bold').fontSize(18).fillColor('#173366').text(t('pdf.title'));
  doc.moveDown(0.5);
  doc.font('body').fontSize(11).fillColor('#000');
  doc.text(t('pdf.patient', { name: `${patient.firstName} ${patient.lastName}` }));
  doc.text(t('pdf.dateOfBirth', { date: day(patient.dateOfBirth) }));
  doc.text(t('pdf.order', { number: testResult.orderNumber }));
  // The collection recorded (as on the results page and in the trend), the booked visit only before one is.
  const labDay = (iso: string) => new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeZone: testResult.visit.timeZone || 'UTC' }).format(new Date(iso));
  doc.text(t('pdf.sampleTaken', { date: labDay(testResult.sampledAt ?? testResult.visit.start) }));
  for (const line of checkInLines(checkIn, t)) doc.text(line);
  doc.text(t('pdf.laboratory', { place: labPlace(testResult.laboratory, language) }));
  doc.moveDown();

  const cols = [
    { title: t('pdf.colAnalysis'), w: 0.38 },
    { title: t('pdf.colResult'), w: 0.17 },
    { title: t('pdf.colRange'), w: 0.25 },
    { title: t('pdf.colFlag'), w: 0.2 },
  ];
  const xs: number[] = [];
  cols.reduce((x, c) => {
    xs.push(x);
    return x + c.w * width;
  }, left);

  const row = (cells: string[], opts: { bold?: boolean; colour?: string; flagColour?: string }) => {
    const heights = cells.map((c, i) => doc.font(opts.bold ? 'bold' : 'body').fontSize(10).heightOfString(c, { width: (cols[i]?.w ?? 0) * width - 6 }));
    const h = Math.max(...heights) + 6;
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    cells.forEach((c, i) => {
      doc
        .font(opts.bold || (i === 3 && opts.flagColour) ? 'bold' : 'body')
        .fontSize(10)
        .fillColor(i === 3 && opts.flagColour ? opts.flagColour : (opts.colour ?? '#000'))
        .text(c, xs[i] ?? left, y, { width: (cols[i]?.w ?? 0) * width - 6 });
    });
    doc.y = y + h;
    doc.moveTo(left, doc.y - 2).lineTo(left + width, doc.y - 2).strokeColor('#d0d7e2').lineWidth(0.5).stroke();
    doc.x = left;
  };

  const critical = data.results.filter((r) => r.critical);
  if (critical.length) {
    doc.font('bold').fontSize(11).fillColor(FLAG_COLOUR.critical).text(`${t('critical.title')} ${t('critical.text', { analyses: critical.map((r) => resultName(r, language)).join(', ') })}`, left, doc.y, { width });
    doc.moveDown(0.5);
    doc.font('body').fontSize(10).fillColor('#000');
  }
  row(cols.map((c) => c.title), { bold: true, colour: '#173366' });
  let panelId: number | null = null;
  for (const r of data.results) {
    // A panel (the blood count): its heading once, its components indented under it.
    if (r.panel && r.panel.analysisId !== panelId) row([`${localName({ name: r.panel.name, i18n: r.panel.i18n }, language)} (${r.panel.code})`, '', '', ''], { bold: true, colour: '#173366' });
    panelId = r.panel?.analysisId ?? null;
    const indent = r.panel ? '   ' : '';
    const value = typeof r.value === 'number' ? `${r.value}${r.unit ? ` ${displayUnit(r.unit, language)}` : ''}` : r.value;
    // No reference range: no flag (neither normal nor abnormal).
    const flagColour = r.flag === null || r.flag === 'normal' ? undefined : FLAG_COLOUR[r.flag];
    const corrected = r.correctedAt ? `\n${t('pdf.corrected', { date: labDay(r.correctedAt) })}` : '';
    row([`${indent}${resultName(r, language)} (${r.analysisCode})${r.comment ? `\n${r.comment}` : ''}${corrected}`, value, rangeText(r, language), r.flag === null ? '' : t(flagLabelKey(r.flag, r.interpretation))], { flagColour });
  }
  if (data.pending.length) {
    doc.moveDown();
    doc.font('bold').fontSize(11).fillColor('#000').text(t('pdf.notReady'), left);
    doc.font('body').fontSize(10);
    for (const p of data.pending) doc.text(`${p.name} (${p.code})`, left);
  }
  doc.moveDown(2);
  doc
    .font('body')
    .fontSize(8)
    .fillColor('#555')
    .text(t('pdf.footer'), left, doc.y, { width });
  doc.end();
  return done;
}
