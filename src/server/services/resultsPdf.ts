import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { AnalysisResultDto, PatientResultsDto, ResultFlagDto } from '@/lib/types/results';

/**
 * The PDF of one patient's results in one set (pdfkit). The text font is DejaVu Sans, shipped by
 * the `dejavu-fonts-ttf` package, because pdfkit's built-in Helvetica has no Cyrillic or Polish
 * letters. The document is in English, like the result mails.
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

const FLAG_TEXT: Record<ResultFlagDto, string> = { low: 'LOW', normal: 'normal', high: 'HIGH', critical: 'CRITICAL' };
const FLAG_COLOUR: Record<ResultFlagDto, string> = { low: '#b45309', normal: '#1b5e20', high: '#b91c1c', critical: '#7f1d1d' };

export function rangeText(r: Pick<AnalysisResultDto, 'refLow' | 'refHigh' | 'refText' | 'unit'>): string {
  if (r.refText) return r.refText;
  const unit = r.unit ? ` ${r.unit}` : '';
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

const day = (iso: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

/** Renders the PDF into a buffer. */
export function renderResultsPdf(data: PatientResultsDto): Promise<Buffer> {
  const regular = fontFile('DejaVuSans.ttf');
  const bold = fontFile('DejaVuSans-Bold.ttf');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    font: regular,
    info: { Title: `Test results ${data.testResult.orderNumber}`, Author: 'Lab shop' },
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

  doc.font('bold').fontSize(18).fillColor('#173366').text('Laboratory test results');
  doc.moveDown(0.5);
  doc.font('body').fontSize(11).fillColor('#000');
  doc.text(`Patient: ${patient.firstName} ${patient.lastName}`);
  doc.text(`Date of birth: ${day(patient.dateOfBirth)}`);
  doc.text(`Order: ${testResult.orderNumber}`);
  doc.text(`Sample taken: ${day(testResult.visit.start)}`);
  doc.text(`Laboratory: ${testResult.laboratory.cityName}, ${testResult.laboratory.address}`);
  doc.moveDown();

  const cols = [
    { title: 'Analysis', w: 0.38 },
    { title: 'Result', w: 0.17 },
    { title: 'Reference range', w: 0.25 },
    { title: 'Flag', w: 0.2 },
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

  row(cols.map((c) => c.title), { bold: true, colour: '#173366' });
  for (const r of data.results) {
    const value = typeof r.value === 'number' ? `${r.value}${r.unit ? ` ${r.unit}` : ''}` : r.value;
    const flagColour = r.flag === 'normal' ? undefined : FLAG_COLOUR[r.flag];
    row([`${r.analysisName} (${r.analysisCode})${r.comment ? `\n${r.comment}` : ''}`, value, rangeText(r), FLAG_TEXT[r.flag]], { flagColour });
  }
  if (data.pending.length) {
    doc.moveDown();
    doc.font('bold').fontSize(11).fillColor('#000').text('Not ready yet', left);
    doc.font('body').fontSize(10);
    for (const p of data.pending) doc.text(`${p.name} (${p.code})`, left);
  }
  doc.moveDown(2);
  doc
    .font('body')
    .fontSize(8)
    .fillColor('#555')
    .text('Values outside the reference range are flagged LOW, HIGH or CRITICAL. Discuss your results with your doctor.', left, doc.y, { width });
  doc.end();
  return done;
}
