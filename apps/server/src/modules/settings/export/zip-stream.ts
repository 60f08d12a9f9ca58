import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

export interface ZipEntry {
  name: string;
  content: AsyncIterable<string | Buffer>;
}

const MAX_32 = 0xffff_ffff;

/**
 * Writes a zip archive as it goes: each entry is deflated in a stream, with its CRC and sizes in a
 * data descriptor after the data (general-purpose flag bit 3), so nothing is buffered. No ZIP64:
 * an entry or archive past 4 GiB fails loudly rather than writing a corrupt file.
 */
export async function* zipStream(entries: Iterable<ZipEntry>, date = new Date()): AsyncGenerator<Buffer> {
  const { time, day } = dosDateTime(date);
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const flags = 0x0808; // bit 3: sizes follow the data; bit 11: UTF-8 names
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(day, 12);
    local.writeUInt16LE(name.length, 26);
    const headerOffset = offset;
    yield Buffer.concat([local, name]);
    offset += 30 + name.length;

    let crc = 0;
    let size = 0;
    let compressed = 0;
    const deflate = zlib.createDeflateRaw();
    const source = Readable.from(
      (async function* () {
        for await (const chunk of entry.content) {
          const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
          crc = zlib.crc32(bytes, crc);
          size += bytes.length;
          yield bytes;
        }
      })(),
    );
    const done = pipeline(source, deflate);
    done.catch(() => undefined); // a failure also ends the loop below; it is rethrown by `await done`
    for await (const chunk of deflate as AsyncIterable<Buffer>) {
      compressed += chunk.length;
      yield chunk;
    }
    await done;
    if (size > MAX_32 || compressed > MAX_32 || offset + compressed > MAX_32) {
      throw new Error(`zip entry ${entry.name} exceeds 4 GiB (ZIP64 is not supported)`);
    }
    offset += compressed;

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    yield descriptor;
    offset += 16;

    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(flags, 8);
    record.writeUInt16LE(8, 10);
    record.writeUInt16LE(time, 12);
    record.writeUInt16LE(day, 14);
    record.writeUInt32LE(crc >>> 0, 16);
    record.writeUInt32LE(compressed, 20);
    record.writeUInt32LE(size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(headerOffset, 42);
    central.push(record, name);
    count += 1;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield Buffer.concat([directory, end]);
}

function dosDateTime(date: Date): { time: number; day: number } {
  const year = Math.max(1980, date.getUTCFullYear());
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    day: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}
