import { CrcCalculator, Profile } from '@garmin/fitsdk';

/**
 * Where a FIT file stops being readable, as a person would be told it. `byte` is where the readable part
 * ends (unknown only when the SDK refused a value without saying where), `size` the size the file says
 * it has (its header's data size, plus header and checksum).
 */
export interface FitDamage {
  kind: 'cut' | 'record' | 'crc' | 'header' | 'trailing' | 'decoder';
  byte?: number;
  size: number;
  /** The bytes there are. */
  length: number;
}

/** A FIT file walked record by record, before the SDK decodes it. */
export interface FitScan {
  /**
   * The data records of every readable file in the bytes (a chained file has several), whole records
   * only, compressed-timestamp headers rewritten as normal ones, then two filler bytes where the SDK
   * expects a checksum: what the SDK's Decoder reads in `dataOnly` mode.
   */
  data: Uint8Array;
  /**
   * The time (FIT seconds) of each compressed-timestamp message, by its number among the messages the
   * SDK hands out: `index` as `data` is, `plainIndex` once `withoutDeveloperData` has been called.
   */
  stamps: { index: number; plainIndex: number; seconds: number; mesgNum: number }[];
  damage?: FitDamage;
  /** The byte of the file a byte of `data` came from. */
  sourceByte(dataByte: number): number;
  /** Whether the file describes developer data (developer_data_id, field_description). */
  hasDeveloperData: boolean;
  /**
   * Makes `data` read without developer data: the definitions of developer_data_id and
   * field_description name a message the SDK does not know, so it drops them and reads developer
   * fields past, undescribed. For a file whose app wrote a description the SDK cannot take.
   */
  withoutDeveloperData(): void;
}

/** What a definition tells about the data messages of its local type. */
interface LocalDefinition {
  /** Bytes after the record header: fields and developer fields. */
  size: number;
  mesgNum: number;
  /** Whether the SDK hands these messages out (it drops messages its profile does not know). */
  known: boolean;
  /** Offset of a 4-byte timestamp field (253) after the record header, -1 when there is none. */
  timestampAt: number;
  littleEndian: boolean;
}

const COMPRESSED = 0x80;
const DEFINITION = 0x40;
const DEVELOPER_DATA = 0x20;
const LOCAL_TYPE = 0x0f;
const TIMESTAMP_FIELD = 253;
/** Base types go up to uint64z (0x10) once the endian bit is masked off; the SDK refuses the rest. */
const MAX_BASE_TYPE = 0x10;
const INVALID_UINT32 = 0xffffffff;

const knownMesgs = new Set(Object.keys(Profile.messages).map(Number));
const DEVELOPER_MESGS = new Set([Profile.MesgNum.DEVELOPER_DATA_ID, Profile.MesgNum.FIELD_DESCRIPTION]);
/** A global message number the profile does not have. */
const UNKNOWN_MESG = 0xffff;

/**
 * Walks the framing of a FIT file: headers, definitions, the size of every data message, checksums.
 * It decodes no value but the timestamps, so that messages under a compressed-timestamp header (which
 * the SDK refuses) get their time: the 5-bit offset in the header counts from the last full timestamp,
 * rolling over every 32 seconds. Everything up to the first damage is kept, in whole records.
 */
export function scanFit(bytes: Uint8Array): FitScan {
  const parts: { from: number; bytes: Uint8Array }[] = [];
  const rewrites: number[] = [];
  const stamps: FitScan['stamps'] = [];
  const developerDefinitions: number[] = [];
  const defs: (LocalDefinition | undefined)[] = [];
  let outLength = 0;
  let emitted = 0;
  let developerMessages = 0;
  let lastTimestamp: number | undefined;
  let damage: FitDamage | undefined;
  let pos = 0;

  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = bytes.length;
  const at = (kind: FitDamage['kind'], byte: number, size: number): FitDamage => ({
    kind,
    byte,
    size,
    length,
  });

  while (pos < length) {
    if (!startsFitHeader(bytes, pos)) {
      // Some writers pad a file with zeros; anything else after the end is not ours to guess at.
      if (pos === 0) damage = at('header', 0, length);
      else if (bytes.subarray(pos).some((b) => b !== 0)) damage = at('trailing', pos, pos);
      break;
    }
    const headerSize = bytes[pos]!;
    const start = pos + headerSize;
    const end = start + view.getUint32(pos + 4, true);
    const size = end + 2;
    if (length < start) {
      damage = at('cut', length, size);
      break;
    }
    if (headerSize === 14) {
      const headerCrc = view.getUint16(pos + 12, true);
      if (headerCrc !== 0 && headerCrc !== CrcCalculator.calculateCRC(bytes, pos, pos + 12)) {
        damage = at('header', pos, size);
        break;
      }
    }
    const limit = Math.min(end, length);
    let p = start;
    while (p < end && !damage) {
      if (p >= length) {
        damage = at('cut', length, size);
        break;
      }
      const header = bytes[p]!;
      if (header & DEFINITION && !(header & COMPRESSED)) {
        const read = readDefinition(bytes, view, p, limit);
        if (typeof read === 'string')
          damage = read === 'cut' ? at('cut', length, size) : at('record', p, size);
        else {
          defs[header & LOCAL_TYPE] = read.def;
          if (DEVELOPER_MESGS.has(read.def.mesgNum)) developerDefinitions.push(outLength + p + 3 - start);
          p = read.next;
        }
        continue;
      }
      const def = defs[header & COMPRESSED ? (header >> 5) & 0x03 : header & LOCAL_TYPE];
      const next = p + 1 + (def?.size ?? 0);
      if (!def || next > limit) {
        damage = def && next > length ? at('cut', length, size) : at('record', p, size);
        break;
      }
      if (header & COMPRESSED) {
        if (lastTimestamp !== undefined) {
          lastTimestamp += ((header & 0x1f) - lastTimestamp) & 0x1f;
          if (def.known) {
            const plainIndex = emitted - developerMessages;
            stamps.push({ index: emitted, plainIndex, seconds: lastTimestamp, mesgNum: def.mesgNum });
          }
        }
        rewrites.push(outLength + p - start);
      } else if (def.timestampAt >= 0) {
        const t = view.getUint32(p + 1 + def.timestampAt, def.littleEndian);
        if (t !== INVALID_UINT32) lastTimestamp = t;
      }
      if (def.known) emitted++;
      if (DEVELOPER_MESGS.has(def.mesgNum)) developerMessages++;
      p = next;
    }
    parts.push({ from: start, bytes: bytes.subarray(start, p) });
    outLength += p - start;
    if (damage) break;
    if (size > length) {
      damage = at('cut', length, size);
      break;
    }
    if (view.getUint16(end, true) !== CrcCalculator.calculateCRC(bytes, pos, end)) {
      damage = at('crc', end, size);
      break;
    }
    pos = size;
  }

  const data = new Uint8Array(outLength + 2);
  let offset = 0;
  const spans: { at: number; from: number }[] = [];
  for (const part of parts) {
    spans.push({ at: offset, from: part.from });
    data.set(part.bytes, offset);
    offset += part.bytes.length;
  }
  // A normal data header of the same local type; the time goes in through `stamps`.
  for (const r of rewrites) data[r] = (data[r]! >> 5) & 0x03;
  const sourceByte = (dataByte: number) => {
    const span = spans.findLast((s) => s.at <= dataByte);
    return span ? span.from + dataByte - span.at : dataByte;
  };
  const withoutDeveloperData = () => {
    for (const at of developerDefinitions) data[at] = data[at + 1] = UNKNOWN_MESG & 0xff;
  };
  return {
    data,
    stamps,
    sourceByte,
    hasDeveloperData: developerDefinitions.length > 0,
    withoutDeveloperData,
    ...(damage ? { damage } : {}),
  };
}

function startsFitHeader(bytes: Uint8Array, pos: number): boolean {
  const size = bytes[pos];
  return (
    (size === 12 || size === 14) &&
    bytes.length >= pos + 12 &&
    bytes[pos + 8] === 0x2e &&
    bytes[pos + 9] === 0x46 &&
    bytes[pos + 10] === 0x49 &&
    bytes[pos + 11] === 0x54
  );
}

/** A definition message at `p`: its layout and where the next record starts, or why it cannot be read. */
function readDefinition(
  bytes: Uint8Array,
  view: DataView,
  p: number,
  limit: number,
): { def: LocalDefinition; next: number } | 'cut' | 'bad' {
  const past = (q: number) => (q > bytes.length ? 'cut' : 'bad');
  if (p + 6 > limit) return past(p + 6);
  const littleEndian = bytes[p + 2] === 0;
  const mesgNum = view.getUint16(p + 3, littleEndian);
  const fields = bytes[p + 5]!;
  let q = p + 6;
  if (q + fields * 3 > limit) return past(q + fields * 3);
  let size = 0;
  let timestampAt = -1;
  for (let i = 0; i < fields; i++, q += 3) {
    const num = bytes[q]!;
    const fieldSize = bytes[q + 1]!;
    if ((bytes[q + 2]! & 0x1f) > MAX_BASE_TYPE) return 'bad';
    if (num === TIMESTAMP_FIELD && fieldSize === 4) timestampAt = size;
    size += fieldSize;
  }
  if (bytes[p]! & DEVELOPER_DATA) {
    if (q + 1 > limit) return past(q + 1);
    const devFields = bytes[q]!;
    q += 1;
    if (q + devFields * 3 > limit) return past(q + devFields * 3);
    for (let i = 0; i < devFields; i++, q += 3) size += bytes[q + 1]!;
  }
  return { def: { size, mesgNum, known: knownMesgs.has(mesgNum), timestampAt, littleEndian }, next: q };
}
