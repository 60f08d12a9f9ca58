import type * as PdfjsModule from 'pdfjs-dist';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';

type Pdfjs = typeof PdfjsModule;

let loading: Promise<Pdfjs> | undefined;

/** pdf.js and its worker, fetched on first use: they stay out of every bundle but the review's. */
export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
    ([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      return pdfjs;
    },
  );
  // A chunk that failed to load (a deploy, a dropped connection) is tried again next time.
  loading.catch(() => (loading = undefined));
  return loading;
}

/** An opened PDF and how to let it go (its worker-side copy too). */
export interface OpenedPdf {
  doc: PDFDocumentProxy;
  close: () => void;
}

/**
 * Opens the bytes as a PDF. They are copied: pdf.js hands its input to the worker, which would empty
 * the cached buffer the download button reads.
 */
export async function openPdf(bytes: ArrayBuffer, signal: { cancelled: boolean }): Promise<OpenedPdf | null> {
  const pdfjs = await loadPdfjs();
  if (signal.cancelled) return null;
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes.slice(0)), isEvalSupported: false });
  const doc = await task.promise;
  return { doc, close: () => void task.destroy() };
}

/** A drawn page: its CSS size, and the canvas holding it at the screen's pixel density. */
export interface DrawnPage {
  canvas: HTMLCanvasElement;
  width: number;
  height: number;
}

/**
 * Draws a page `width` CSS pixels wide on a fresh canvas, so a page still drawing never shares a canvas
 * with the next one asked for. `onTask` gets the render task, to cancel it.
 */
export async function drawPage(
  page: PDFPageProxy,
  width: number,
  onTask: (cancel: () => void) => void,
): Promise<DrawnPage> {
  const base = page.getViewport({ scale: 1 });
  const scale = width / base.width;
  const ratio = window.devicePixelRatio || 1;
  const viewport = page.getViewport({ scale: scale * ratio });
  const canvas = document.createElement('canvas');
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  const task = page.render({ canvas, viewport });
  onTask(() => task.cancel());
  await task.promise;
  return { canvas, width, height: base.height * scale };
}
