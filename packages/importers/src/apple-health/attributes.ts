import { APOSTROPHE, EQUALS, GT, LT, QUOTE, SLASH, ascii } from './bytes';

/** The tag continues past the end of the buffer. */
export const INCOMPLETE = -1;
/** The tag is not well-formed (no `=`, no quotes, a `<` inside it). */
export const MALFORMED = -2;

/**
 * The attributes one element's reader wants, and where their values lie in the buffer after
 * `readAttributes`: value i is buf[slots[2i], slots[2i + 1]), or absent when slots[2i] is -1.
 */
export class AttributeSlots {
  readonly names: Uint8Array[];
  readonly slots: Int32Array;
  /** Whether the tag ended with `/>`. */
  selfClosing = false;

  /** Wanted index + 1 by name length and first byte, so most names are told apart by one lookup. */
  private readonly byShape = new Uint8Array(32 * 128);

  constructor(names: readonly string[]) {
    this.names = names.map(ascii);
    this.slots = new Int32Array(names.length * 2);
    this.names.forEach((name, k) => {
      const shape = (name.length & 31) * 128 + (name[0]! & 127);
      // Two names of one shape: 255 sends the lookup through the whole list.
      this.byShape[shape] = this.byShape[shape] ? 255 : k + 1;
    });
  }

  /** Which wanted attribute buf[start, end) names, or -1. */
  indexOf(buf: Buffer, start: number, end: number): number {
    const length = end - start;
    if (length > 31) return -1;
    const hit = this.byShape[length * 128 + (buf[start]! & 127)]!;
    if (hit === 0) return -1;
    if (hit !== 255) return this.sameName(hit - 1, buf, start, length) ? hit - 1 : -1;
    for (let k = 0; k < this.names.length; k++) if (this.sameName(k, buf, start, length)) return k;
    return -1;
  }

  private sameName(k: number, buf: Buffer, start: number, length: number): boolean {
    const name = this.names[k]!;
    if (name.length !== length) return false;
    for (let j = 0; j < length; j++) if (name[j] !== buf[start + j]) return false;
    return true;
  }

  has(i: number): boolean {
    return this.slots[2 * i]! >= 0;
  }

  start(i: number): number {
    return this.slots[2 * i]!;
  }

  end(i: number): number {
    return this.slots[2 * i + 1]!;
  }
}

/**
 * Walks a start tag's `name="value"` pairs from `p` (just after the element name) to its `>`, noting
 * where the wanted values lie. A name may hold spaces, as iOS 8 exports wrote some. Answers the position after the tag, INCOMPLETE or MALFORMED. Values are
 * found by their closing quote, so a `>` written unescaped inside one does not end the tag. Unwanted
 * values (the long `device` description) are jumped over with Buffer.indexOf; wanted ones are short,
 * and a loop in JavaScript finds their end sooner than a call into C++ would.
 */
export function readAttributes(buf: Buffer, p: number, into: AttributeSlots): number {
  const slots = into.slots;
  for (let k = 0; k < slots.length; k++) slots[k] = -1;
  const n = buf.length;
  for (;;) {
    let c = p < n ? buf[p]! : -1;
    while (c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d) c = ++p < n ? buf[p]! : -1;
    if (c < 0) return INCOMPLETE;
    if (c === GT) {
      into.selfClosing = false;
      return p + 1;
    }
    if (c === SLASH) {
      if (p + 1 >= n) return INCOMPLETE;
      if (buf[p + 1] !== GT) return MALFORMED;
      into.selfClosing = true;
      return p + 2;
    }
    const nameStart = p;
    while (c > 0x20 && c !== EQUALS && c !== GT && c !== SLASH && c !== LT) c = ++p < n ? buf[p]! : -1;
    let nameEnd = p;
    while (c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d) c = ++p < n ? buf[p]! : -1;
    if (c < 0) return INCOMPLETE;
    if (nameEnd === nameStart) return MALFORMED;
    if (c !== EQUALS) {
      // iOS 8 wrote apps' metadata as attributes named with spaces ("Health Mate App Version"): read on.
      // Such a name is never a wanted one, so its end is left where no wanted name can match.
      p = spacedNameEquals(buf, p);
      if (p < 0) return p;
      nameEnd = nameStart;
    }
    c = ++p < n ? buf[p]! : -1;
    while (c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d) c = ++p < n ? buf[p]! : -1;
    if (c < 0) return INCOMPLETE;
    if (c !== QUOTE && c !== APOSTROPHE) return MALFORMED;
    const quote = c;
    const valueStart = ++p;
    const k = nameEnd === nameStart ? -1 : into.indexOf(buf, nameStart, nameEnd);
    if (k < 0) {
      p = buf.indexOf(quote, valueStart);
      if (p < 0) return INCOMPLETE;
    } else {
      while (p < n && buf[p] !== quote) p++;
      if (p >= n) return INCOMPLETE;
      slots[2 * k] = valueStart;
      slots[2 * k + 1] = p;
    }
    p++;
  }
}

/** Where the `=` after a name holding spaces is, from `p` at the name's second word; or INCOMPLETE / MALFORMED. */
function spacedNameEquals(buf: Buffer, p: number): number {
  const n = buf.length;
  for (; p < n; p++) {
    const c = buf[p]!;
    if (c === EQUALS) return p;
    if (c === GT || c === SLASH || c === LT || c === QUOTE || c === APOSTROPHE) return MALFORMED;
  }
  return INCOMPLETE;
}
