import type { Token } from 'stream-json/parser.js';

/** No export or API body nests anywhere near this; a document that does is built to exhaust a parser. */
export const MAX_JSON_DEPTH = 64;

/** JSON nested deeper than MAX_JSON_DEPTH, refused before (or instead of) being built. */
export class JsonDepthError extends Error {
  constructor(
    /** Where the limit was crossed: a character index of text, or a byte of a stream when known. */
    readonly at: number,
  ) {
    super(`it nests deeper than ${MAX_JSON_DEPTH} levels`);
    this.name = 'JsonDepthError';
  }
}

/**
 * Where `text` opens its (max + 1)-th nested array or object, or -1. Strings are jumped over with
 * indexOf, so the cost is a little over one pass of the punctuation.
 */
export function jsonTooDeepAt(text: string, max = MAX_JSON_DEPTH): number {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      let j = text.indexOf('"', i + 1);
      while (j > 0 && escaped(text, j)) j = text.indexOf('"', j + 1);
      if (j < 0) return -1; // unterminated: JSON.parse says so
      i = j;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return -1;
}

/** Whether the quote at `at` is escaped (an odd run of backslashes before it). */
function escaped(text: string, at: number): boolean {
  let k = at - 1;
  while (k >= 0 && text.charCodeAt(k) === 0x5c) k--;
  return (at - 1 - k) % 2 === 1;
}

const dropProto = (key: string, value: unknown) => (key === '__proto__' ? undefined : value);

/**
 * JSON.parse, refusing nesting deeper than MAX_JSON_DEPTH (JsonDepthError) and dropping every
 * `__proto__` key (JSON.parse keeps it as an own property, which a later spread or merge could turn
 * into a prototype). The reviver, which costs, runs only when the text spells "proto" somewhere.
 */
export function parseJson(text: string): unknown {
  const deep = jsonTooDeepAt(text);
  if (deep >= 0) throw new JsonDepthError(deep);
  return text.includes('proto') ? (JSON.parse(text, dropProto) as unknown) : (JSON.parse(text) as unknown);
}

/**
 * Watches a stream-json token stream (packed values): refuses nesting deeper than MAX_JSON_DEPTH and
 * drops each `__proto__` key with its whole value, so no assembled object ever holds one.
 */
export class JsonTokenGuard {
  private depth = 0;
  /** The depth a dropped value started at, while its tokens go by; -1 when none. */
  private skipAt = -1;
  private dropNext = false;

  /** Whether to keep `token`. @throws JsonDepthError */
  accept(token: Token): boolean {
    const name = token.name;
    if (name === 'startObject' || name === 'startArray') {
      if (++this.depth > MAX_JSON_DEPTH) throw new JsonDepthError(-1);
      if (this.dropNext) {
        this.dropNext = false;
        this.skipAt = this.depth - 1;
        return false;
      }
      return this.skipAt < 0;
    }
    if (name === 'endObject' || name === 'endArray') {
      this.depth--;
      if (this.skipAt >= 0) {
        if (this.depth === this.skipAt) this.skipAt = -1;
        return false;
      }
      return true;
    }
    if (this.skipAt >= 0) return false;
    if (this.dropNext) {
      this.dropNext = false;
      return false;
    }
    if (name === 'keyValue' && token.value === '__proto__') {
      this.dropNext = true;
      return false;
    }
    return true;
  }

  /** Set by `filter` when the tokens nest too deep: those before were returned, none after. */
  failure: JsonDepthError | undefined;

  /**
   * The tokens of `tokens` to keep (the same array when all are). When they nest too deep, those
   * before the token that did are answered and `failure` is set.
   */
  filter(tokens: Token[]): Token[] {
    let kept: Token[] | undefined;
    for (let i = 0; i < tokens.length; i++) {
      let keep: boolean;
      try {
        keep = this.accept(tokens[i]!);
      } catch (error) {
        if (!(error instanceof JsonDepthError)) throw error;
        this.failure = error;
        return kept ?? tokens.slice(0, i);
      }
      if (!keep && !kept) kept = tokens.slice(0, i);
      else if (keep && kept) kept.push(tokens[i]!);
    }
    return kept ?? tokens;
  }
}
