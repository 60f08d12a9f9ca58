import { describe, expect, it } from 'vitest';
import { moveStream, streamName } from './priorities-api';

describe('moveStream', () => {
  it('swaps a stream with its neighbour', () => {
    expect(moveStream(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveStream(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('leaves the order alone at either end', () => {
    expect(moveStream(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveStream(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});

describe('streamName', () => {
  it('names the device when the stream has one', () => {
    expect(streamName({ source: 'Garmin', device: 'Forerunner 265' })).toBe('Garmin (Forerunner 265)');
    expect(streamName({ source: 'manual', device: null })).toBe('manual');
  });
});
