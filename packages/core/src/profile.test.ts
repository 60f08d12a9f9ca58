import { describe, expect, it } from 'vitest';
import { defaultSettings, mergeSettings, userSettingsPatchSchema } from './profile';

describe('userSettingsPatchSchema', () => {
  it('leaves out what the patch leaves out, so merging keeps earlier choices', () => {
    const dark = mergeSettings(defaultSettings(), { preferences: { theme: 'dark' } });
    const patch = userSettingsPatchSchema.parse({ preferences: { units: 'imperial' }, privacy: {} });
    expect(patch).toEqual({ preferences: { units: 'imperial' }, privacy: {} });
    expect(mergeSettings(dark, patch).preferences).toEqual({
      language: 'en',
      theme: 'dark',
      units: 'imperial',
      includeSandboxData: false,
      unitsChosen: false,
      onboardingDismissed: false,
    });
  });

  it('still validates the fields it gets', () => {
    expect(userSettingsPatchSchema.safeParse({ preferences: { theme: 'purple' } }).success).toBe(false);
  });
});
