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

/** Names of archive formats: an archive inside the upload is refused, not unpacked. */
const ARCHIVE_NAME = /\.(zip|jar|tar|tgz|tbz2?|txz|7z|rar)$/i;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** An archive inside the archive: by its name, or by its bytes once its head is read. */
export const nestedArchive = (name: string) =>
  new UnsafeArchiveError(
    `This archive holds another archive (${name}). We do not unpack archives inside archives: unzip it and upload what it holds`,
  );

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
    throw unreadable(error);
  }
  const files: ImportFile[] = [];
  let total = 0;
  try {
    // The end record says how many entries follow: a zip of too many is refused before one is listed.
    if (zip.entryCount > limits.maxEntries) {
      throw new UnsafeArchiveError(`The zip holds more than ${limits.maxEntries} files`);
    }
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
      if (ARCHIVE_NAME.test(entry.fileName)) throw nestedArchive(entry.fileName);
      files.push(zipEntryFile(zip, entry));
    }
  } catch (error) {
    zip.close();
    if (error instanceof UnsafeArchiveError) throw error;
    throw unreadable(error);
  }
  return { files, close: () => zip.close() };
}

/**
 * One entry as a file. yauzl counts what it inflates against the declared size and stops past it: that
 * error says the header lied. A head that is a zip's is an archive inside the archive, refused.
 */
function zipEntryFile(zip: yauzl.ZipFile, entry: yauzl.Entry): ImportFile {
  const name = entry.fileName;
  const open = () => {
    const out = new PassThrough({ highWaterMark: 1024 * 1024 });
    const fail = (e: Error) =>
      out.destroy(
        /too many bytes in the stream/.test(e.message)
          ? new UnsafeArchiveError(
              `${name} unpacks to more than the ${bytes(entry.uncompressedSize)} its header declares: refused as a forged archive`,
            )
          : e,
      );
    zip.openReadStream(entry, (error, stream) => {
      if (error) fail(error);
      else stream.on('error', fail).pipe(out);
    });
    return out;
  };
  const head = once(async () => {
    const bytes = await readHead(open());
    if (bytes.length >= 4 && bytes.subarray(0, 4).equals(ZIP_MAGIC)) throw nestedArchive(name);
    return bytes;
  });
  return { name, size: entry.uncompressedSize, open, head };
}

/** yauzl's refusals in words: a name climbing out of its folder is zip slip. */
function unreadable(error: unknown): UnsafeArchiveError {
  const message = (error as Error).message ?? String(error);
  const slip = /^(?:absolute path|invalid relative path): (.*)$/.exec(message);
  if (slip) {
    return new UnsafeArchiveError(
      `The zip holds an entry that would be written outside its folder (${slip[1]}): refused as zip slip`,
    );
  }
  return new UnsafeArchiveError(`The zip cannot be read: ${message}`);
}

function bytes(n: number): string {
  if (n >= 1024 ** 2) return `${Math.round(n / 1024 ** 2)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}

const gib = (bytes: number) => `${Math.round(bytes / 1024 ** 3)} GiB`;
