import { APOSTROPHE, GT, QUESTION, QUOTE } from './bytes';

const DASH = 0x2d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const BANG = 0x21;
const LT = 0x3c;

export type SkipKind = 'comment' | 'instruction' | 'cdata' | 'declaration';

/**
 * Passes over markup whose content is never read — comments, processing instructions, CDATA and the
 * DOCTYPE with its internal subset — byte by byte across chunk boundaries, keeping only a few counters.
 * The DOCTYPE's entity declarations are thus never even looked at, let alone expanded, and a huge or
 * hostile subset costs time linear in its size and no memory.
 */
export class Skipper {
  kind: SkipKind | undefined;
  /** Where the markup began, for the error when the file ends inside it. */
  startedAt = 0;
  private run = 0;
  private depth = 0;
  private quote = 0;
  private inComment = false;
  private opener = 0;

  begin(kind: SkipKind, at: number): void {
    this.kind = kind;
    this.startedAt = at;
    this.run = this.depth = this.quote = this.opener = 0;
    this.inComment = false;
  }

  /** Consumes bytes from `p`; answers where the markup ended, or buf.length when it goes on. */
  skip(buf: Buffer, p: number): number {
    const n = buf.length;
    switch (this.kind) {
      case 'comment':
        for (; p < n; p++) if (this.closes(buf[p]!, DASH)) return this.done(p);
        return n;
      case 'cdata':
        for (; p < n; p++) if (this.closes(buf[p]!, CLOSE_BRACKET)) return this.done(p);
        return n;
      case 'instruction':
        for (; p < n; p++) {
          const c = buf[p]!;
          if (c === GT && this.run > 0) return this.done(p);
          this.run = c === QUESTION ? 1 : 0;
        }
        return n;
      case 'declaration':
        for (; p < n; p++) if (this.declarationByte(buf[p]!)) return this.done(p);
        return n;
      default:
        return p;
    }
  }

  /** `-->` and `]]>`: two of `mark`, then `>`. */
  private closes(c: number, mark: number): boolean {
    if (c === GT && this.run >= 2) return true;
    this.run = c === mark ? this.run + 1 : 0;
    return false;
  }

  private declarationByte(c: number): boolean {
    if (this.inComment) {
      if (this.closes(c, DASH)) {
        this.inComment = false;
        this.run = 0;
      }
      return false;
    }
    if (this.quote !== 0) {
      if (c === this.quote) this.quote = 0;
      return false;
    }
    // "<!--" inside the internal subset opens a comment, in which quotes and brackets mean nothing.
    if (c === LT) this.opener = 1;
    else if (c === BANG && this.opener === 1) this.opener = 2;
    else if (c === DASH && (this.opener === 2 || this.opener === 3)) {
      this.opener++;
      if (this.opener === 4) {
        this.inComment = true;
        this.opener = this.run = 0;
      }
      return false;
    } else this.opener = 0;
    if (c === QUOTE || c === APOSTROPHE) this.quote = c;
    else if (c === OPEN_BRACKET) this.depth++;
    else if (c === CLOSE_BRACKET) this.depth--;
    else if (c === GT && this.depth <= 0) return true;
    return false;
  }

  private done(p: number): number {
    this.kind = undefined;
    return p + 1;
  }
}
