import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { jsonParser, type Token } from 'stream-json/parser.js';
import { JsonTokenGuard } from './safe-json';

/** stream-chain's `none`, a registered symbol: handed to the tokenizer, it means "the input ends here". */
const END_OF_INPUT = Symbol.for('object-stream.none');

type Tokenizer = (input: string | symbol) => unknown;

/** Small slices: when damage stops the tokenizer, only the tokens of the slice it was in are lost. */
const SLICE_CHARS = 8 * 1024;

/** The JSON stops being JSON: cut off, or not JSON from `byte` on. */
export class DamagedJsonError extends Error {
  constructor(
    message: string,
    /** About where: the start of the slice of text the tokenizer stopped in. */
    readonly byte: number,
  ) {
    super(message);
    this.name = 'DamagedJsonError';
  }
}

/** JSON nested deeper than MAX_JSON_DEPTH: refused as damage, where it happened. */
export class DeepJsonError extends DamagedJsonError {}

/**
 * The JSON tokens of a byte stream, a slice of text at a time. The bare tokenizer is driven by hand
 * rather than through a Node object stream: an async step per token would cost more than the parse.
 * Values are packed (one token per string or number), and concatenated values are allowed so that
 * line-delimited files whose first line is too long to sniff read here too.
 * `__proto__` keys are dropped with their values (JsonTokenGuard).
 * @throws DamagedJsonError at the first text that is not JSON, or when the input ends inside a value;
 * DeepJsonError where it nests deeper than MAX_JSON_DEPTH.
 */
export async function* jsonTokens(stream: Readable): AsyncGenerator<Token[]> {
  const tokenize = jsonParser({ packValues: true, streamValues: false, jsonStreaming: true }) as Tokenizer;
  const decoder = new StringDecoder('utf8');
  let bytesBefore = 0;
  let first = true;
  const guard = new JsonTokenGuard();
  for await (const chunk of stream) {
    const bytes = chunk as Buffer;
    let text = decoder.write(bytes);
    if (first && text.length > 0) {
      text = text.replace(/^\uFEFF/, '');
      first = false;
    }
    for (let at = 0; at < text.length; at += SLICE_CHARS) {
      const where = () => bytesBefore + Buffer.byteLength(text.slice(0, at));
      const tokens = guard.filter(run(tokenize, text.slice(at, at + SLICE_CHARS), where));
      if (tokens.length > 0) yield tokens;
      if (guard.failure) throw new DeepJsonError(guard.failure.message, where());
    }
    bytesBefore += bytes.length;
  }
  const tail = run(tokenize, decoder.end(), () => bytesBefore);
  const end = run(tokenize, END_OF_INPUT, () => bytesBefore);
  const last = guard.filter([...tail, ...end]);
  if (last.length > 0) yield last;
  if (guard.failure) throw new DeepJsonError(guard.failure.message, bytesBefore);
}

function run(tokenize: Tokenizer, input: string | symbol, where: () => number): Token[] {
  let out: unknown;
  try {
    out = tokenize(input);
  } catch (error) {
    const cutOff = input === END_OF_INPUT;
    const message = cutOff ? 'the file ends in the middle of a value (cut off?)' : (error as Error).message;
    throw new DamagedJsonError(message, where());
  }
  return typeof out === 'object' && out !== null && 'values' in out
    ? (out as { values: Token[] }).values
    : [];
}
