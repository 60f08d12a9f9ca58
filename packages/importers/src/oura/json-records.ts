import Assembler from 'stream-json/assembler.js';
import parser from 'stream-json/parser.js';
import { safeObjects } from '../dexcom-clarity/safe-stream';
import { ImportFormatError, type ImportFile } from '../types';

type Token = { name: string; value?: unknown };

export interface JsonRecord {
  /** The top-level key of the array the record is in ("data", "sleep", "sessions"); null for a top-level array. */
  key: string | null;
  /** 0-based position in that array. */
  index: number;
  value: unknown;
}

const PRIMITIVES: Record<string, (value: unknown) => unknown> = {
  stringValue: (v) => v,
  numberValue: (v) => Number(v),
  nullValue: () => null,
  trueValue: () => true,
  falseValue: () => false,
};

/**
 * The records of a JSON export, one at a time, never the whole document: the elements of a top-level
 * array, or of every array under a top-level key (`{"data": […], "next_token": null}`). A document cut
 * off or damaged throws ImportFormatError after the records before the damage.
 */
export async function* jsonRecords(file: ImportFile): AsyncGenerator<JsonRecord> {
  const stack: ('object' | 'array')[] = [];
  let key: string | null = null;
  let index = 0;
  let read = 0;
  let assembler: Assembler | undefined;
  const atElement = () =>
    (stack.length === 1 && stack[0] === 'array') ||
    (stack.length === 2 && stack[0] === 'object' && stack[1] === 'array');

  const tokens = parser.asStream({ packValues: true, streamValues: false });
  for await (const next of safeObjects<Token>(file.open(), tokens)) {
    if ('failure' in next) {
      throw new ImportFormatError(
        `${file.name} is not whole JSON after record ${read}: ${next.failure.message}`,
        {
          file: file.name,
          record: read,
        },
      );
    }
    const token = next.item;
    if (assembler) {
      assembler.consume(token as Parameters<Assembler['consume']>[0]);
      if (assembler.done) {
        read += 1;
        yield { key, index: index++, value: assembler.current };
        assembler = undefined;
      }
      continue;
    }
    const primitive = PRIMITIVES[token.name];
    if (token.name === 'startObject' || token.name === 'startArray') {
      if (atElement()) {
        assembler = new Assembler();
        assembler.consume(token as Parameters<Assembler['consume']>[0]);
      } else stack.push(token.name === 'startObject' ? 'object' : 'array');
    } else if (token.name === 'endObject' || token.name === 'endArray') {
      stack.pop();
    } else if (token.name === 'keyValue' && stack.length === 1) {
      key = String(token.value);
      index = 0;
    } else if (primitive && atElement()) {
      read += 1;
      yield { key, index: index++, value: primitive(token.value) };
    }
  }
}
