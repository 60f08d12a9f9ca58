import { describe, expect, it } from 'vitest';
import { ConnectMethods, type ConnectMethod } from '../../src/modules/sources/connect-methods';

/** A method the registry only hands back (it never connects anything here). */
const method = (label: string): ConnectMethod => ({
  connect: () => Promise.reject(new Error(`${label} is not called in this test`)),
});

describe('ConnectMethods, the registry app.ts assembles', () => {
  it('finds each offered kind’s method, from every module’s offer, and nothing for a kind none offered', () => {
    const apple = method('apple');
    const feed = method('feed');
    const epic = method('epic');
    const methods = new ConnectMethods(
      [['apple_health', apple]],
      [
        ['report_builder', feed],
        ['epic', epic],
      ],
    );
    expect(methods.get('apple_health')).toBe(apple);
    expect(methods.get('report_builder')).toBe(feed);
    expect(methods.get('epic')).toBe(epic);
    expect(methods.get('oura')).toBeUndefined();
  });

  it('stops start-up when two modules offer a method for one kind', () => {
    expect(
      () => new ConnectMethods([['apple_health', method('ingest')]], [['apple_health', method('another')]]),
    ).toThrow('Two connect methods offered for apple_health');
  });
});
