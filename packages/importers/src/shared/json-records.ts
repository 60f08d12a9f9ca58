import Assembler from 'stream-json/assembler.js';
import parser from 'stream-json/parser.js';
import { ImportFormatError, type ImportFile } from '../types';
import { JsonDepthError, JsonTokenGuard } from './safe-json';
import { safeObjects } from './safe-stream';

type Token = { name: string; value?: unknown };

/** One element of an array of a JSON export. */
export interface JsonRecord {
  /** The top-level key of the array the record is in ("data", "sleep", "sessions"); null for a top-level array. */
  key: string | null;
  /** 0-based position in that array. */
  index: number;
  value: unknown;
}

/** Which arrays of a JSON document hold the records. */
export interface JsonRecordsOptions {
  /**
   * - unset: the top-level array, or every array under a top-level key (`{"data": […], "next_token": null}`);
   *   any other document has no records.
   * - `'top'`: the top-level array; any other document is an error.
   * - a key: the array under that key of a top-level object (Google Fit's `{"Data Points": […]}`); a
   *   document that is not an object is an error.
   */
  array?: 'top' | { key: string };
  /**
   * What a document cut off or damaged throws once every record before the damage was yielded: the
   * parser's own error (callers that name the damage themselves), or, when set, an ImportFormatError
   * saying the file and how many records were read.
   */
  formatError?: boolean;
}

/** The value of a packed primitive token, by the token's name. */
export const PRIMITIVES: Record<string, (value: unknown) => unknown> = {
  stringValue: (v) => v,
  numberValue: (v) => Number(v),
  nullValue: () => null,
  trueValue: () => true,
  falseValue: () => false,
};

/**
 * The records of a JSON export, one at a time, never the whole document (see `JsonRecordsOptions` for
 * which arrays they are). The parser is never paused (the file is, instead), so a document cut off or
 * damaged throws only after every complete record before the damage was yielded.
 */
export async function* jsonRecords(
  file: ImportFile,
  options: JsonRecordsOptions = {},
): AsyncGenerator<JsonRecord> {
  const wanted = options.array;
  const stack: ('object' | 'array')[] = [];
  let key: string | null = null;
  let index = 0;
  let read = 0;
  let started = false;
  let assembler: Assembler | undefined;
  const atElement = () => {
    if (stack.length === 1) return stack[0] === 'array' && (wanted === undefined || wanted === 'top');
    if (stack.length !== 2 || stack[0] !== 'object' || stack[1] !== 'array') return false;
    return wanted === undefined || (typeof wanted === 'object' && key === wanted.key);
  };
  const fail = (failure: Error): never => {
    if (!options.formatError) throw failure;
    throw new ImportFormatError(`${file.name} is not whole JSON after record ${read}: ${failure.message}`, {
      file: file.name,
      record: read,
    });
  };

  const tokens = parser.asStream({ packValues: true, streamValues: false });
  // Nesting past MAX_JSON_DEPTH is refused as damage; `__proto__` keys are dropped with their values.
  const guard = new JsonTokenGuard();
  const accept = (token: Token): boolean => {
    try {
      return guard.accept(token as Parameters<JsonTokenGuard['accept']>[0]);
    } catch (error) {
      if (error instanceof JsonDepthError) return fail(error);
      throw error;
    }
  };
  for await (const next of safeObjects<Token>(file.open(), tokens)) {
    if ('failure' in next) fail(next.failure);
    else if (accept(next.item)) {
      const token = next.item;
      if (!started) {
        started = true;
        if (wanted === 'top' && token.name !== 'startArray') fail(new Error('the file is not a JSON array'));
        if (typeof wanted === 'object' && token.name !== 'startObject') {
          fail(new Error('the file is not a JSON object'));
        }
      }
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
}
