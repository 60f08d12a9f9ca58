import type { Readable } from 'node:stream';
import { parser } from 'stream-json';
import Assembler from 'stream-json/assembler.js';

type Token = { name: string; value?: unknown };

// stream-chain's end-of-input marker, a registered symbol: the parser flushes when it gets it.
const END = Symbol.for('object-stream.none');

/**
 * The elements of a JSON array, one at a time, without holding the file: the top-level array, or the
 * array under `key` of a top-level object (Google Fit's `{"Data Points": [...]}`). The parser is fed
 * by hand rather than piped, so a file cut off mid-way throws only after every complete element
 * before the damage was yielded (a piped stream drops what it buffered when it errors).
 */
export async function* jsonArrayItems(stream: Readable, key?: string): AsyncGenerator<unknown> {
  const parse = parser({ streamValues: false }) as unknown as (chunk: unknown) => unknown;
  const walker = new ItemWalker(key);
  for await (const chunk of stream) {
    for await (const token of tokensOf(parse(chunk))) yield* walker.consume(token);
  }
  for await (const token of tokensOf(parse(END))) yield* walker.consume(token);
  if (!walker.finished) throw new Error('the JSON ends before its array is closed');
}

async function* tokensOf(out: unknown): AsyncGenerator<Token> {
  if (out === END || out === undefined || out === null) return;
  const o = out as { [Symbol.asyncIterator]?: unknown; [Symbol.iterator]?: unknown; values?: unknown };
  if (typeof o[Symbol.asyncIterator] === 'function') yield* out as AsyncIterable<Token>;
  else if (Array.isArray(o.values)) yield* o.values as Token[];
  else if (typeof o[Symbol.iterator] === 'function') yield* out as Iterable<Token>;
  else yield out as Token;
}

/** Follows the token stream's depth and assembles each element of the wanted array. */
class ItemWalker {
  private depth = 0;
  private inItems: boolean;
  private lastKey: string | undefined;
  private item: Assembler | undefined;
  private started = false;
  private readonly itemDepth: number;

  constructor(private readonly key: string | undefined) {
    this.inItems = key === undefined;
    this.itemDepth = key === undefined ? 1 : 2;
  }

  get finished(): boolean {
    return this.started && this.depth === 0;
  }

  *consume(token: Token): Generator<unknown> {
    if (!this.started) {
      const want = this.key === undefined ? 'startArray' : 'startObject';
      if (token.name !== want)
        throw new Error(`the file is not a JSON ${this.key === undefined ? 'array' : 'object'}`);
      this.started = true;
    }
    if (!this.item && this.inItems && this.depth === this.itemDepth && token.name !== 'endArray') {
      this.item = new Assembler();
    }
    if (this.item) {
      this.item.consume(token as never);
      this.track(token);
      if (this.item.done) {
        yield this.item.current;
        this.item = undefined;
      }
      return;
    }
    if (this.key !== undefined && this.depth === 1) {
      if (token.name === 'keyValue') this.lastKey = token.value as string;
      else if (token.name === 'startArray' && this.lastKey === this.key) this.inItems = true;
    }
    if (
      this.key !== undefined &&
      this.inItems &&
      this.depth === this.itemDepth &&
      token.name === 'endArray'
    ) {
      this.inItems = false;
    }
    this.track(token);
  }

  private track(token: Token): void {
    if (token.name === 'startObject' || token.name === 'startArray') this.depth++;
    else if (token.name === 'endObject' || token.name === 'endArray') this.depth--;
  }
}
