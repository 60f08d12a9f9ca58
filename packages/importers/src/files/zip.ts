import { PassThrough } from 'node:stream';
import yauzl from 'yauzl';
import type { ImportFile } from '../types';
import { once, readHead } from './head';

/** Limits that refuse a zip bomb before a byte is inflated: sizes come from the central directory. */
export interface ZipLimits {
  maxEntries: number;
  maxTotalBytes: number;
  /** Uncompressed ÷ compressed size above which a large entry is refused. */
  maxRatio: number;
}

export const defaultZipLimits: ZipLimits = {
  maxEntries: 50_000,
  maxTotalBytes: 64 * 1024 ** 3,
  maxRatio: 200,
};

/** Entries smaller than this are never refused for their ratio: tiny files of zeros compress well. */
const RATIO_EXEMPT_BYTES = 16 * 1024 * 1024;

export class UnsafeArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeArchiveError';
  }
}

export interface OpenZip {
  files: ImportFile[];
  close(): void;
}

/**
 * Lists a zip's files from its central directory and opens each as a stream on demand. yauzl refuses
 * absolute and `..` entry names and checks every inflated size against the declared one, so a lying
 * header cannot inflate past the limits checked here.
 */
export async function openZip(path: string, limits: ZipLimits = defaultZipLimits): Promise<OpenZip> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, { autoClose: false, strictFileNames: false });
  } catch (error) {
    throw new UnsafeArchiveError(`The zip cannot be read: ${(error as Error).message}`);
  }
  const files: ImportFile[] = [];
  let total = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      if (files.length >= limits.maxEntries) {
        throw new UnsafeArchiveError(`The zip holds more than ${limits.maxEntries} files`);
      }
      total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes) {
        throw new UnsafeArchiveError(`The zip would unpack to more than ${gib(limits.maxTotalBytes)}`);
      }
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (entry.uncompressedSize > RATIO_EXEMPT_BYTES && ratio > limits.maxRatio) {
        throw new UnsafeArchiveError(
          `${entry.fileName} would unpack ${Math.round(ratio)} times larger than it is packed: refused as a zip bomb`,
        );
      }
      files.push(zipEntryFile(zip, entry));
    }
  } catch (error) {
    zip.close();
    if (error instanceof UnsafeArchiveError) throw error;
    throw new UnsafeArchiveError(`The zip cannot be read: ${(error as Error).message}`);
  }
  return { files, close: () => zip.close() };
}

function zipEntryFile(zip: yauzl.ZipFile, entry: yauzl.Entry): ImportFile {
  const open = () => {
    const out = new PassThrough({ highWaterMark: 1024 * 1024 });
    zip.openReadStream(entry, (error, stream) => {
      if (error) out.destroy(error);
      else stream.on('error', (e) => out.destroy(e)).pipe(out);
    });
    return out;
  };
  return { name: entry.fileName, size: entry.uncompressedSize, open, head: once(() => readHead(open())) };
}

const gib = (bytes: number) => `${Math.round(bytes / 1024 ** 3)} GiB`;
