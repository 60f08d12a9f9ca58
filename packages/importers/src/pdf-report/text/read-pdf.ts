// pdf.js ships no types for its worker module; a reference (not an import) so that apps compiling this source see them too.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./pdfjs-worker.d.ts" />
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import { reportErrors, PdfReportError } from '../errors';
import { inflatesPast } from './inflation';
import { toLines } from './lines';
import type { PageText, PdfText, PositionedText } from './types';

/** What a report PDF may be: lab and DEXA reports are a few pages and well under a megabyte. */
export interface PdfLimits {
  maxBytes: number;
  maxPages: number;
  /** What its compressed streams may inflate to in all: far above any report, far below a bomb. */
  maxInflatedBytes: number;
  /** Checked between pages; the server also runs extraction in a worker it can stop. */
  signal?: AbortSignal;
}

export const DEFAULT_PDF_LIMITS: PdfLimits = {
  maxBytes: 50 * 1024 ** 2,
  maxPages: 100,
  maxInflatedBytes: 256 * 1024 ** 2,
};

/** The PDF header may follow a little junk; readers look at the first kilobyte. */
const HEADER_WINDOW = 1024;

export const hasPdfHeader = (bytes: Uint8Array): boolean =>
  Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, HEADER_WINDOW)).includes('%PDF-');

/**
 * An image XObject's dictionary. Streams never sit inside compressed object streams, so an image's
 * dictionary is always readable in the raw file: no need to decode a (possibly hostile) image to know
 * there is one.
 */
const IMAGE_XOBJECT = /\/Subtype\s*\/Image\b/;

type PdfJs = typeof PdfJsModule;
let loaded: Promise<PdfJs> | undefined;

/**
 * pdf.js, loaded on first use (the server's main thread never needs it) and run without a worker of its
 * own: its "worker" half runs here, in whatever thread extracts, which the server bounds itself.
 */
function pdfjs(): Promise<PdfJs> {
  loaded ??= (async () => {
    const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  return loaded;
}

/**
 * Every page's text with positions, as lines of cells. Refuses, with a PdfReportError saying why: a file
 * that is not a PDF, one too large or with too many pages, a password-protected one, a scanned one with no
 * text, and one too damaged (or too deeply nested) to parse.
 */
export async function readPdfText(
  bytes: Uint8Array,
  limits: PdfLimits = DEFAULT_PDF_LIMITS,
): Promise<PdfText> {
  if (bytes.length > limits.maxBytes) throw reportErrors.tooLarge(limits.maxBytes);
  if (!hasPdfHeader(bytes)) throw reportErrors.notPdf();
  // Before pdf.js holds a byte of it: a decompression bomb is refused in about a second.
  if (await inflatesPast(bytes, limits.maxInflatedBytes))
    throw reportErrors.inflatesTooFar(limits.maxInflatedBytes);
  const lib = await pdfjs();
  const task = lib.getDocument({
    // pdf.js takes ownership of (detaches) the buffer it is given.
    data: bytes.slice(),
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    enableXfa: false,
    disableAutoFetch: true,
    disableStream: true,
    disableRange: true,
    stopAtErrors: true,
    maxImageSize: 1024 * 1024,
    verbosity: lib.VerbosityLevel.ERRORS,
  });
  try {
    const doc = await task.promise.catch((error: unknown) => {
      throw describe(error);
    });
    if (doc.numPages > limits.maxPages) throw reportErrors.tooManyPages(doc.numPages, limits.maxPages);
    const pages: PageText[] = [];
    for (let number = 1; number <= doc.numPages; number++) {
      limits.signal?.throwIfAborted();
      pages.push(await readPage(lib, doc, number).catch((error: unknown) => Promise.reject(describe(error))));
    }
    if (pages.every((p) => p.lines.length === 0)) {
      throw IMAGE_XOBJECT.test(Buffer.from(bytes).toString('latin1'))
        ? reportErrors.scanned()
        : reportErrors.noText();
    }
    return { pages };
  } finally {
    await task.destroy();
  }
}

type PdfDoc = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

async function readPage(lib: PdfJs, doc: PdfDoc, number: number): Promise<PageText> {
  const page = await doc.getPage(number);
  try {
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const runs: PositionedText[] = [];
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const [, , c, d, e, f] = lib.Util.transform(viewport.transform, item.transform) as number[];
      runs.push({
        text: item.str,
        x: e!,
        baseline: f!,
        width: item.width,
        size: Math.hypot(c!, d!) || item.height,
      });
    }
    return { number, width: viewport.width, height: viewport.height, lines: toLines(number, runs) };
  } finally {
    page.cleanup();
  }
}

/** pdf.js's failures as the messages people get. */
function describe(error: unknown): Error {
  if (error instanceof PdfReportError) return error;
  const name = (error as { name?: string } | undefined)?.name;
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException') return reportErrors.encrypted();
  if (/call stack/i.test(message)) return reportErrors.damaged('its objects are nested too deeply');
  // pdf.js found no PDF structure at all: a renamed file that happens to start like a PDF.
  if (name === 'InvalidPDFException' && /invalid pdf structure/i.test(message)) return reportErrors.notPdf();
  if (name === 'InvalidPDFException') return reportErrors.damaged('its structure is invalid');
  return reportErrors.damaged();
}
