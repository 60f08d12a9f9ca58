import { Decoder, Profile, Stream } from '@garmin/fitsdk';
import { ImportFormatError, type ImportFile } from '../types';
import type { FitMessage, FitMesg } from './fit-values';

/** A FIT file header: its size (12 or 14) first, then ".FIT" at bytes 8–11 (what Decoder.isFIT checks). */
export function isFitHead(head: Buffer): boolean {
  return head.length >= 12 && (head[0] === 12 || head[0] === 14) && head.toString('latin1', 8, 12) === '.FIT';
}

/** FIT files are small (an ultra is a few MB); anything larger is not one we should hold in memory. */
export const MAX_FIT_BYTES = 100 * 1024 * 1024;

/** What a FIT file decodes to. */
export interface DecodedFit {
  messages: FitMessage[];
  /** Set when the file is damaged: what the SDK said and the byte it stopped at. */
  damage?: { message: string; byte?: number };
}

/** The whole file in memory, refused past the cap whatever size it claims. */
export async function readFitBytes(file: ImportFile): Promise<Buffer> {
  const tooLarge = () =>
    new ImportFormatError(
      `${file.name} is larger than ${MAX_FIT_BYTES / 1024 / 1024} MB: not a FIT file we read`,
      {
        file: file.name,
      },
    );
  if (file.size > MAX_FIT_BYTES) throw tooLarge();
  const parts: Buffer[] = [];
  let length = 0;
  const stream = file.open();
  try {
    for await (const chunk of stream) {
      const buf = chunk as Buffer;
      length += buf.length;
      if (length > MAX_FIT_BYTES) throw tooLarge();
      parts.push(buf);
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(parts);
}

const mesgNames = (Profile as unknown as { types: { mesgNum: Record<number, string> } }).types.mesgNum;

/**
 * Decodes every message in file order. The SDK never throws: it stops at the damage and reports it,
 * keeping what it read before, so a cut file still gives its first records.
 */
export function decodeFit(bytes: Uint8Array): DecodedFit {
  const messages: FitMessage[] = [];
  const decoder = new Decoder(Stream.fromByteArray(bytes));
  const { errors } = decoder.read({
    mesgListener: (mesgNum, mesg) => {
      messages.push({ name: mesgNames[mesgNum] ?? String(mesgNum), mesg: mesg as unknown as FitMesg });
    },
  });
  const error = errors[0];
  if (!error) return { messages };
  const message = error.message.replace(/^FIT Runtime Error\s*/, '');
  const byte = /at byte (\d+)/.exec(error.message)?.[1];
  return { messages, damage: { message, byte: byte === undefined ? undefined : Number(byte) } };
}
