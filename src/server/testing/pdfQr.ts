import { execFile } from 'node:child_process';

/**
 * The QR code on the first page of a PDF, read as a person's phone would: the page rasterised by
 * pdf-parse (PDF.js on @napi-rs/canvas, 3x scale) and the bitmap decoded by jsQR, in a separate Node
 * process (PDF.js loads its worker through a dynamic import jest's module system does not run).
 * Answers the decoded text, or null when no code is found.
 */
const SCRIPT = `
const [pdfParse, canvasLib, jsqr] = process.argv.slice(1);
const { PDFParse } = require(pdfParse);
const { createCanvas, loadImage } = require(canvasLib);
const jsQR = require(jsqr);
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', async () => {
  const parser = new PDFParse({ data: Buffer.concat(chunks) });
  const shot = await parser.getScreenshot({ scale: 3, first: 1, imageBuffer: true, imageDataUrl: false });
  await parser.destroy();
  const img = await loadImage(Buffer.from(shot.pages[0].data));
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const code = jsQR(ctx.getImageData(0, 0, img.width, img.height).data, img.width, img.height);
  process.stdout.write(JSON.stringify(code ? code.data : null));
});
`;

export function pdfQrCode(pdf: Buffer): Promise<string | null> {
  const mods = ['pdf-parse', '@napi-rs/canvas', 'jsqr'].map((m) => require.resolve(m));
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['-e', SCRIPT, ...mods], { cwd: process.cwd(), maxBuffer: 10 * 1024 * 1024 }, (err, stdout) => (err ? reject(err) : resolve(JSON.parse(stdout) as string | null)));
    child.stdin?.end(pdf);
  });
}
