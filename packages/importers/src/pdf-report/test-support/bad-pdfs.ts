import { crc32, deflateSync } from 'node:zlib';
import { PdfBuilder } from './pdf-builder';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A grey-scale PNG of a "scanned page": light paper with dark bands where lines of print would be. */
export function scannedPagePng(width = 200, height = 260): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(width + 1, 0xf2); // filter byte 0, then pixels
    row[0] = 0;
    if (y % 12 < 3 && y > 20) for (let x = 20; x < width - 20; x++) row[x + 1] = x % 7 === 0 ? 0xf2 : 0x30;
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grey-scale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A lab report as a scanner makes it: two pages that are each one picture, and no text at all. */
export async function scannedPdf(): Promise<Buffer> {
  const pdf = new PdfBuilder();
  pdf.image(scannedPagePng(), 0, 0, 612);
  pdf.addPage();
  pdf.image(scannedPagePng(), 0, 0, 612);
  return pdf.toBuffer();
}

/** A report saved with a password to open it. */
export async function encryptedPdf(): Promise<Buffer> {
  const pdf = new PdfBuilder({ userPassword: 'hunter2' });
  pdf.text(36, 36, 'Quest Diagnostics', { bold: true }).text(36, 60, 'GLUCOSE   105 H   65-99 mg/dL');
  return pdf.toBuffer();
}

/** A PDF with `pages` empty pages but one line of text (a page-count bomb). */
export async function manyPagesPdf(pages: number): Promise<Buffer> {
  const pdf = new PdfBuilder();
  pdf.text(36, 36, 'Page one of a very long document');
  for (let i = 1; i < pages; i++) pdf.addPage();
  return pdf.toBuffer();
}

/** A spreadsheet renamed to .pdf. */
export const notAPdf = (): Buffer => Buffer.from('Test,Result,Units\nGlucose,105,mg/dL\n');

/** A hand-written PDF whose page's resources nest `depth` arrays deep (a parser-stack bomb). */
export function deeplyNestedPdf(depth = 200_000): Buffer {
  const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
  return handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Deep ${nested} >> >>`,
  ]);
}

/** A PDF from object bodies, with a correct cross-reference table. */
export function handWrittenPdf(objects: readonly string[]): Buffer {
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
