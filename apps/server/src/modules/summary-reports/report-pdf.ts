// Over 300 lines: one pdfkit renderer; each block type's drawing shares the page geometry, colours, helpers.
import type { ReportBlock, ReportContent } from '@healthfolio/core';

type Doc = PDFKit.PDFDocument;
type Block<T extends ReportBlock['type']> = Extract<ReportBlock, { type: T }>;

const MARGIN = 48;
const INK = '#1f2933';
const MUTED = '#616e7c';
const RULE = '#cbd2d9';
const PRIMARY = '#1565c0';
const BAND = '#d5f0dc';

/**
 * The standard PDF fonts (Helvetica) encode WinAnsi only: signs outside it are written in ASCII so that
 * every character prints and reads back as written.
 */
export function pdfText(text: string): string {
  return text
    .replaceAll('≤', '<=')
    .replaceAll('≥', '>=')
    .replaceAll('−', '-')
    .replaceAll('→', '->')
    .replaceAll('\u202f', ' ')
    .replace(/[^\x20-\x7e\n\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/g, '?');
}

const width = (doc: Doc) => doc.page.width - 2 * MARGIN;
const bottom = (doc: Doc) => doc.page.height - MARGIN - 14;

function ensure(doc: Doc, height: number): void {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

function caption(doc: Doc, text: string): void {
  ensure(doc, 40);
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(INK)
    .text(pdfText(text), MARGIN, doc.y, { width: width(doc) });
  doc.moveDown(0.2);
}

function source(doc: Doc, text: string): void {
  doc
    .font('Helvetica-Oblique')
    .fontSize(7)
    .fillColor(MUTED)
    .text(pdfText(text), MARGIN, doc.y, { width: width(doc) });
  doc.moveDown(0.8);
}

function paragraph(doc: Doc, text: string): void {
  doc.font('Helvetica').fontSize(9.5).fillColor(INK);
  const t = pdfText(text);
  ensure(doc, doc.heightOfString(t, { width: width(doc) }));
  doc.text(t, MARGIN, doc.y, { width: width(doc) });
  doc.moveDown(0.5);
}

function table(doc: Doc, block: Block<'table'>): void {
  caption(doc, block.caption);
  const total = width(doc);
  const size = 7.5;
  doc.font('Helvetica').fontSize(size);
  // Columns get room by their longest text (capped), at least 40 points each.
  const wants = block.columns.map((c, i) =>
    Math.min(
      220,
      Math.max(doc.widthOfString(c), ...block.rows.map((r) => doc.widthOfString(pdfText(r[i] ?? '')))) + 8,
    ),
  );
  const sum = wants.reduce((a, b) => a + b, 0);
  const widths = wants.map((w) => Math.max(40, (w / sum) * total));
  const scale = total / widths.reduce((a, b) => a + b, 0);
  for (let i = 0; i < widths.length; i++) widths[i] = widths[i]! * scale;
  const flagged = new Set(block.flagged ?? []);
  const row = (cells: string[], bold: boolean, highlight: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
    const heights = cells.map((c, i) => doc.heightOfString(pdfText(c), { width: widths[i]! - 6 }));
    const h = Math.max(...heights) + 5;
    if (doc.y + h > bottom(doc)) {
      doc.addPage();
      if (!bold) row(block.columns, true, false);
    }
    const y = doc.y;
    if (bold) doc.rect(MARGIN, y, total, h).fill('#eef2f7');
    else if (highlight) doc.rect(MARGIN, y, total, h).fill('#fdecea');
    let x = MARGIN;
    doc
      .fillColor(INK)
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(size);
    cells.forEach((c, i) => {
      doc.text(pdfText(c), x + 3, y + 2.5, { width: widths[i]! - 6 });
      x += widths[i]!;
    });
    doc
      .moveTo(MARGIN, y + h)
      .lineTo(MARGIN + total, y + h)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
    doc.y = y + h;
  };
  row(block.columns, true, false);
  block.rows.forEach((cells, i) => row(cells, false, flagged.has(i)));
  doc.moveDown(0.3);
  source(doc, block.source);
}

interface Frame {
  x: number;
  y: number;
  w: number;
  h: number;
}

function axisLabel(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  align: 'left' | 'right' | 'center' = 'right',
): void {
  const w = 60;
  const left = align === 'right' ? x - w : align === 'center' ? x - w / 2 : x;
  doc
    .font('Helvetica')
    .fontSize(6.5)
    .fillColor(MUTED)
    .text(pdfText(text), left, y, { width: w, align, lineBreak: false });
}

const fmt = (v: number) =>
  Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2);

function yScale(frame: Frame, lo: number, hi: number) {
  const span = hi - lo || 1;
  return (v: number) => frame.y + frame.h - ((v - lo) / span) * frame.h;
}

function frameBox(doc: Doc, frame: Frame, lo: number, hi: number): void {
  doc.rect(frame.x, frame.y, frame.w, frame.h).lineWidth(0.5).strokeColor(RULE).stroke();
  const y = yScale(frame, lo, hi);
  for (const v of [lo, (lo + hi) / 2, hi]) axisLabel(doc, fmt(v), frame.x - 3, y(v) - 3);
}

function line(doc: Doc, block: Block<'line'>): void {
  caption(doc, block.caption);
  const height = 120;
  ensure(doc, height + 40);
  const frame = { x: MARGIN + 36, y: doc.y + 4, w: width(doc) - 40, h: height };
  const xs = block.points.map((p) => Date.parse(p.x));
  const ys = block.points.map((p) => p.y);
  const bandValues = [block.band?.low, block.band?.high].filter((v): v is number => typeof v === 'number');
  let lo = Math.min(...ys, ...bandValues);
  let hi = Math.max(...ys, ...bandValues);
  const pad = (hi - lo) * 0.1 || Math.abs(hi) * 0.1 || 1;
  lo -= pad;
  hi += pad;
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const x = (t: number) => frame.x + (x1 === x0 ? frame.w / 2 : ((t - x0) / (x1 - x0)) * frame.w);
  const y = yScale(frame, lo, hi);
  if (block.band) {
    const top = y(block.band.high ?? hi);
    const base = y(block.band.low ?? lo);
    doc.rect(frame.x, top, frame.w, base - top).fill(BAND);
  }
  frameBox(doc, frame, lo, hi);
  doc.lineWidth(1.2).strokeColor(PRIMARY);
  block.points.forEach((p, i) => (i === 0 ? doc.moveTo(x(xs[i]!), y(p.y)) : doc.lineTo(x(xs[i]!), y(p.y))));
  if (block.points.length > 1) doc.stroke();
  if (block.points.length <= 60)
    for (let i = 0; i < xs.length; i++) doc.circle(x(xs[i]!), y(ys[i]!), 1.8).fill(PRIMARY);
  axisLabel(doc, block.points[0]!.x, frame.x, frame.y + frame.h + 3, 'left');
  axisLabel(doc, block.points[block.points.length - 1]!.x, frame.x + frame.w, frame.y + frame.h + 3, 'right');
  doc.y = frame.y + frame.h + 14;
  doc.x = MARGIN;
  source(doc, block.source);
}

/** The AGP: 5–95th and 25–75th percentile bands and the median over the 24 hours of the day. */
function agp(doc: Doc, block: Block<'agp'>): void {
  caption(doc, block.caption);
  const height = 170;
  ensure(doc, height + 40);
  const frame = { x: MARGIN + 36, y: doc.y + 4, w: width(doc) - 40, h: height };
  const p95 = block.bins.flatMap((b) => (b[4] === null ? [] : [b[4]!]));
  const hi = Math.max(block.target.high * 1.6, ...p95) * 1.05;
  const y = yScale(frame, 0, hi);
  const x = (i: number) => frame.x + ((i + 0.5) / block.bins.length) * frame.w;
  frameBox(doc, frame, 0, hi);
  doc
    .rect(frame.x, y(block.target.high), frame.w, y(block.target.low) - y(block.target.high))
    .fill('#eaf7ee');
  for (const v of [block.target.low, block.target.high]) {
    doc
      .moveTo(frame.x, y(v))
      .lineTo(frame.x + frame.w, y(v))
      .lineWidth(0.8)
      .strokeColor('#27ae60')
      .stroke();
    axisLabel(doc, fmt(v), frame.x + frame.w + 30, y(v) - 3, 'right');
  }
  // Contiguous runs of bins with percentiles: a gap in the data is a gap in the drawing.
  const runs: number[][] = [];
  block.bins.forEach((b, i) => {
    if (b[2] === null) return;
    const last = runs[runs.length - 1];
    if (last && last[last.length - 1] === i - 1) last.push(i);
    else runs.push([i]);
  });
  const band = (run: number[], lowIdx: number, highIdx: number, color: string) => {
    run.forEach((i, n) =>
      n === 0 ? doc.moveTo(x(i), y(block.bins[i]![highIdx]!)) : doc.lineTo(x(i), y(block.bins[i]![highIdx]!)),
    );
    for (const i of [...run].reverse()) doc.lineTo(x(i), y(block.bins[i]![lowIdx]!));
    doc.closePath().fill(color);
  };
  for (const run of runs) {
    band(run, 0, 4, '#c6dbef');
    band(run, 1, 3, '#6baed6');
    run.forEach((i, n) =>
      n === 0 ? doc.moveTo(x(i), y(block.bins[i]![2]!)) : doc.lineTo(x(i), y(block.bins[i]![2]!)),
    );
    doc.lineWidth(1.6).strokeColor('#08306b').stroke();
  }
  for (const h of [0, 3, 6, 9, 12, 15, 18, 21, 24]) {
    const hx = frame.x + (h / 24) * frame.w;
    axisLabel(doc, `${String(h).padStart(2, '0')}:00`, hx, frame.y + frame.h + 3, 'center');
  }
  doc.y = frame.y + frame.h + 14;
  doc.x = MARGIN;
  source(doc, block.source);
}

function ranges(doc: Doc, block: Block<'ranges'>): void {
  caption(doc, block.caption);
  const height = 130;
  ensure(doc, height + 30);
  const top = doc.y + 4;
  let y = top;
  for (const s of block.segments) {
    const h = Math.max(0, s.share * height);
    if (h > 0) doc.rect(MARGIN + 20, y, 40, h).fill(s.color);
    y += h;
  }
  block.segments.forEach((s, i) => {
    const ly = top + (i * height) / block.segments.length + 8;
    doc.rect(MARGIN + 80, ly, 8, 8).fill(s.color);
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(INK)
      .text(pdfText(`${s.label}: ${(s.share * 100).toFixed(1)} %`), MARGIN + 94, ly, { lineBreak: false });
  });
  doc.y = top + height + 8;
  doc.x = MARGIN;
  source(doc, block.source);
}

/** Small multiples: each day's hourly means against the target range, seven to a row. */
function daily(doc: Doc, block: Block<'daily'>): void {
  caption(doc, block.caption);
  const perRow = 7;
  const gap = 6;
  const w = (width(doc) - gap * (perRow - 1)) / perRow;
  const h = 60;
  const hi = Math.max(
    block.target.high * 1.8,
    ...block.days.flatMap((d) => d.hourly.filter((v): v is number => v !== null)),
  );
  for (let start = 0; start < block.days.length; start += perRow) {
    ensure(doc, h + 16);
    const top = doc.y;
    block.days.slice(start, start + perRow).forEach((d, j) => {
      const frame = { x: MARGIN + j * (w + gap), y: top + 10, w, h };
      const y = yScale(frame, 0, hi);
      doc
        .font('Helvetica')
        .fontSize(6.5)
        .fillColor(MUTED)
        .text(d.day, frame.x, top, { width: w, lineBreak: false });
      doc.rect(frame.x, y(block.target.high), w, y(block.target.low) - y(block.target.high)).fill('#eaf7ee');
      doc.rect(frame.x, frame.y, w, h).lineWidth(0.4).strokeColor(RULE).stroke();
      let open = false;
      d.hourly.forEach((v, hour) => {
        const px = frame.x + ((hour + 0.5) / 24) * w;
        if (v === null) {
          if (open) doc.stroke();
          open = false;
          return;
        }
        if (!open) doc.moveTo(px, y(v));
        else doc.lineTo(px, y(v));
        open = true;
      });
      if (open) doc.lineWidth(0.9).strokeColor('#08306b').stroke();
    });
    doc.y = top + h + 16;
  }
  doc.x = MARGIN;
  source(doc, block.source);
}

function drawBlock(doc: Doc, block: ReportBlock): void {
  switch (block.type) {
    case 'text':
      return paragraph(doc, block.text);
    case 'heading':
      return caption(doc, block.text);
    case 'table':
      return table(doc, block);
    case 'line':
      return line(doc, block);
    case 'agp':
      return agp(doc, block);
    case 'ranges':
      return ranges(doc, block);
    case 'daily':
      return daily(doc, block);
  }
}

/** The report as a PDF drawn with pdfkit: text, tables and vector charts, numbered pages. */
export async function renderReportPdf(content: ReportContent): Promise<{ bytes: Buffer; pages: number }> {
  // Loaded with the first report: pdfkit and its fonts are ~30 MB resident (see the import bench's peak).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: pdfText(`${content.title}: ${content.person}`),
      Author: 'Healthfolio',
      Creator: 'Healthfolio',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text(pdfText(content.title));
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      pdfText(
        `${content.person} · ${content.from} to ${content.to} · generated ${content.generatedAt.slice(0, 16).replace('T', ' ')} UTC`,
      ),
    );
  doc.moveDown(1);
  for (const section of content.sections) {
    ensure(doc, 80);
    doc.font('Helvetica-Bold').fontSize(14).fillColor(PRIMARY).text(pdfText(section.title), MARGIN, doc.y);
    doc.moveDown(0.3);
    for (const block of section.blocks) drawBlock(doc, block);
    doc.moveDown(0.6);
  }
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const marginBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor(MUTED)
      .text(
        pdfText(
          `${content.title} · ${content.person} · ${content.from} to ${content.to} · page ${i + 1} of ${range.count}`,
        ),
        MARGIN,
        doc.page.height - MARGIN + 10,
        { width: width(doc), align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = marginBottom;
  }
  doc.end();
  return done.then((bytes) => ({ bytes, pages: range.count }));
}
