import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { ImportFormatError } from '../types';
import { jsonRecords } from './json-records';
import { DeepJsonError, jsonTokens } from './json-tokens';
import { JsonDepthError, jsonTooDeepAt, parseJson } from './safe-json';

const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON nesting and __proto__ (issue #24)', () => {
  it('counts only brackets outside strings, escaped quotes included', () => {
    expect(jsonTooDeepAt(deep(64))).toBe(-1);
    expect(jsonTooDeepAt(deep(65))).toBe(64);
    expect(jsonTooDeepAt(`{"a":"${'['.repeat(100)}","b":"x\\"${'{'.repeat(100)}"}`)).toBe(-1);
    expect(jsonTooDeepAt(`["\\\\",${deep(64)}]`)).toBe(69);
  });

  it('parseJson refuses past 64 levels and drops __proto__ keys at any depth', () => {
    expect(() => parseJson(deep(65))).toThrow(JsonDepthError);
    const value = parseJson('{"a":1,"__proto__":{"polluted":true},"b":{"__proto__":[1],"c":2}}') as Record<
      string,
      unknown
    >;
    expect(value).toEqual({ a: 1, b: { c: 2 } });
    expect(Object.hasOwn(value, '__proto__')).toBe(false);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('streamed records lose their __proto__ keys with the whole value, and keep the rest', async () => {
    const file = fileFromBuffer(
      'sleep.json',
      '{"sleep":[{"day":"2024-03-10","__proto__":{"x":[1,{"y":2}]},"score":80},{"day":"2024-03-11","score":81}]}',
      7,
    );
    const values: unknown[] = [];
    for await (const record of jsonRecords(file)) values.push(record.value);
    expect(values).toEqual([
      { day: '2024-03-10', score: 80 },
      { day: '2024-03-11', score: 81 },
    ]);
    expect(Object.getPrototypeOf(values[0])).toBe(Object.prototype);
  });

  it('streamed records past 64 levels end in an ImportFormatError after the records before', async () => {
    const file = fileFromBuffer('data.json', `{"data":[{"v":1},{"v":${deep(70)}}]}`);
    const values: unknown[] = [];
    let failure: unknown;
    try {
      for await (const record of jsonRecords(file, { formatError: true })) values.push(record.value);
    } catch (error) {
      failure = error;
    }
    expect(values).toEqual([{ v: 1 }]);
    expect(failure).toBeInstanceOf(ImportFormatError);
    expect((failure as Error).message).toBe(
      'data.json is not whole JSON after record 1: it nests deeper than 64 levels',
    );
  });

  it('the token stream yields the tokens before the depth is crossed, then DeepJsonError', async () => {
    const names: string[] = [];
    let failure: unknown;
    try {
      for await (const tokens of jsonTokens(fileFromBuffer('x.json', `[1,${deep(80)}]`).open()))
        names.push(...tokens.map((t) => t.name));
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(DeepJsonError);
    expect(names.slice(0, 2)).toEqual(['startArray', 'numberValue']);
    expect(names.filter((n) => n === 'startArray')).toHaveLength(64);
  });
});
