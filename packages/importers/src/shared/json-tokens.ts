import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { jsonParser, type Token } from 'stream-json/parser.js';

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

/**
 * The JSON tokens of a byte stream, a slice of text at a time. The bare tokenizer is driven by hand
 * rather than through a Node object stream: an async step per token would cost more than the parse.
 * Values are packed (one token per string or number), and concatenated values are allowed so that
 * line-delimited files whose first line is too long to sniff read here too.
 * @throws DamagedJsonError at the first text that is not JSON, or when the input ends inside a value.
 */
export async function* jsonTokens(stream: Readable): AsyncGenerator<Token[]> {
  const tokenize = jsonParser({ packValues: true, streamValues: false, jsonStreaming: true }) as Tokenizer;
  const decoder = new StringDecoder('utf8');
  let bytesBefore = 0;
  let first = true;
  for await (const chunk of stream) {
    const bytes = chunk as Buffer;
    let text = decoder.write(bytes);
    if (first && text.length > 0) {
      text = text.replace(/^\uFEFF/, '');
      first = false;
    }
    for (let at = 0; at < text.length; at += SLICE_CHARS) {
      const tokens = run(tokenize, text.slice(at, at + SLICE_CHARS), () => {
        return bytesBefore + Buffer.byteLength(text.slice(0, at));
      });
      if (tokens.length > 0) yield tokens;
    }
    bytesBefore += bytes.length;
  }
  const tail = run(tokenize, decoder.end(), () => bytesBefore);
  const end = run(tokenize, END_OF_INPUT, () => bytesBefore);
  if (tail.length + end.length > 0) yield [...tail, ...end];
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
