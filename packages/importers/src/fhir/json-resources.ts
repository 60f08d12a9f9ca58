import Assembler from 'stream-json/assembler.js';
import type { Token } from 'stream-json/parser.js';
import type { ImportFile } from '../types';
import type { Resource } from '@healthfolio/fhir';
import type { FileItem } from './file-items';
import { jsonTokens } from '../shared/json-tokens';

/**
 * The resources of a JSON file, one at a time, never holding more than one in memory: the entries
 * of a Bundle (streamed out of `entry` however long it is), the elements of a top-level array, or a
 * file's single resource. Several top-level values one after another are read in turn.
 * @throws DamagedJsonError where the JSON breaks off, after everything complete before it.
 */
export async function* jsonResources(file: ImportFile): AsyncGenerator<FileItem> {
  const splitter = new ResourceSplitter();
  let record = 0;
  for await (const tokens of jsonTokens(file.open())) {
    const found: Found[] = [];
    for (const token of tokens) splitter.push(token, found);
    for (const each of found) {
      const item = toItem(each, file.name, record);
      if (!item) continue;
      yield item;
      record += 1;
    }
  }
}

interface Found {
  value: unknown;
  /** A Bundle entry (the resource sits under `resource`) rather than a resource itself. */
  entry: boolean;
}

/** Null for an entry without a resource: history and transaction-response Bundles have those. */
function toItem(found: Found, file: string, record: number): FileItem | null {
  if (!found.entry) return asResource(found.value, file, record);
  const entry = found.value;
  if (!isObject(entry)) return { problem: 'A Bundle entry is not an object', file, record };
  if (entry.resource === undefined) return null;
  const fullUrl = typeof entry.fullUrl === 'string' ? entry.fullUrl : undefined;
  const item = asResource(entry.resource, file, record);
  return 'resource' in item && fullUrl ? { ...item, fullUrl } : item;
}

export function asResource(value: unknown, file: string, record: number, line?: number): FileItem {
  const where = line === undefined ? { file, record } : { file, record, line };
  if (!isObject(value)) return { problem: 'Not a FHIR resource (not a JSON object)', ...where };
  if (typeof value.resourceType !== 'string' || value.resourceType === '') {
    return { problem: 'Not a FHIR resource (no resourceType)', ...where };
  }
  return { resource: value as Resource, ...where };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Cuts a token stream into resources. Everything at the top level of an object except its `entry`
 * array goes to one assembler (a Bundle's few other fields, or a whole single resource); each entry,
 * and each element of a top-level array, gets its own assembler and leaves as soon as it closes.
 */
class ResourceSplitter {
  private depth = 0;
  private top: Assembler | null = null;
  private topType: string | undefined;
  private topKey: string | null = null;
  private topIsArray = false;
  private inEntries = false;
  private entryPending = false;
  private item: Assembler | null = null;
  private itemIsEntry = false;

  push(token: Token, out: Found[]): void {
    const name = token.name;
    const opens = name === 'startObject' || name === 'startArray';
    const closes = name === 'endObject' || name === 'endArray';
    if (this.item) {
      this.item.consume(token);
      this.depth += opens ? 1 : closes ? -1 : 0;
      if (this.item.done) {
        out.push({ value: this.item.current, entry: this.itemIsEntry });
        this.item = null;
      }
      return;
    }
    if (this.depth === 0) return this.startTop(token, out);
    if (this.topIsArray || this.inEntries) return this.betweenItems(token, out);
    this.insideTop(token, out);
  }

  private startTop(token: Token, out: Found[]): void {
    if (token.name === 'startArray') {
      this.topIsArray = true;
      this.depth = 1;
    } else if (token.name === 'startObject') {
      this.top = new Assembler();
      this.top.consume(token);
      this.topType = undefined;
      this.topKey = null;
      this.depth = 1;
    } else if ('value' in token) {
      out.push({ value: token.value, entry: false });
    }
  }

  /** Inside a top-level array or a Bundle's `entry`, between two elements. */
  private betweenItems(token: Token, out: Found[]): void {
    const entry = this.inEntries;
    if (token.name === 'endArray') {
      this.depth -= 1;
      if (entry) this.inEntries = false;
      else this.topIsArray = false;
      return;
    }
    if (token.name === 'startObject' || token.name === 'startArray') {
      this.item = new Assembler();
      this.item.consume(token);
      this.itemIsEntry = entry;
      this.depth += 1;
      return;
    }
    if ('value' in token) out.push({ value: token.value, entry });
  }

  private insideTop(token: Token, out: Found[]): void {
    const top = this.top!;
    if (this.entryPending) {
      this.entryPending = false;
      if (token.name === 'startArray') {
        this.inEntries = true;
        this.depth += 1;
        return;
      }
      top.consume({ name: 'keyValue', value: 'entry' });
    }
    if (this.depth === 1 && token.name === 'keyValue') {
      this.topKey = token.value;
      // `entry` of a Bundle (or of a top object whose type is not known yet: it is nearly always one).
      if (token.value === 'entry' && (this.topType === undefined || this.topType === 'Bundle')) {
        this.entryPending = true;
        return;
      }
    }
    if (this.depth === 1 && token.name === 'stringValue' && this.topKey === 'resourceType') {
      this.topType = token.value;
    }
    top.consume(token);
    this.depth += token.name === 'startObject' || token.name === 'startArray' ? 1 : 0;
    this.depth -= token.name === 'endObject' || token.name === 'endArray' ? 1 : 0;
    if (this.depth === 0) {
      // A Bundle's entries have all gone out already; any other object is itself the resource.
      if (this.topType !== 'Bundle') out.push({ value: top.current, entry: false });
      this.top = null;
    }
  }
}
