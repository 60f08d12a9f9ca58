import { connectors } from '@healthfolio/connectors';
import { describe, expect, it } from 'vitest';
import { fakes } from './registry';

describe('the sandbox registry', () => {
  it('has a fake for every connector kind, and only for those', () => {
    expect(Object.keys(fakes).sort()).toEqual(connectors.map((c) => c.manifest.kind as string).sort());
  });
});
