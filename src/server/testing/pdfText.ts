import { execFile } from 'node:child_process';

/**
 * The text of a PDF, extracted by pdf-parse (PDF.js) in a separate Node process: PDF.js loads its
 * worker through a dynamic import that jest's module system does not run.
 */
const SCRIPT = `
const { PDFParse } = require(process.argv[1]);
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', async () => {
  const parser = new PDFParse({ data: Buffer.concat(chunks) });
  const { text } = await parser.getText();
  await parser.destroy();
  process.stdout.write(text);
});
`;

export function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['-e', SCRIPT, require.resolve('pdf-parse')], { cwd: process.cwd(), maxBuffer: 10 * 1024 * 1024 }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
    child.stdin?.end(pdf);
  });
}
