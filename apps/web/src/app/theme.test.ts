import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme, PRIMARY_DARK, PRIMARY_LIGHT } from './theme';

describe('the theme’s colours', () => {
  it.each(['light', 'dark'] as const)(
    'gives text and small controls an AA contrast (4.5:1) in the %s theme',
    (mode) => {
      const { palette } = createAppTheme(mode);
      for (const background of [palette.background.paper, palette.background.default])
        expect(getContrastRatio(palette.primary.main, background)).toBeGreaterThanOrEqual(4.5);
      // Text on a primary fill (a contained button).
      expect(getContrastRatio(palette.primary.contrastText, palette.primary.main)).toBeGreaterThanOrEqual(
        4.5,
      );
      expect(getContrastRatio(palette.text.secondary, palette.background.paper)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps SPEC §9’s teal as the brand colour for fills, icons and large type', () => {
    expect(createAppTheme('light').palette.brand.main).toBe(PRIMARY_LIGHT);
    expect(createAppTheme('dark').palette.brand.main).toBe(PRIMARY_DARK);
    // Large type needs 3:1: the brand teal still has it on white.
    expect(getContrastRatio(PRIMARY_LIGHT, '#FFFFFF')).toBeGreaterThanOrEqual(3);
  });
});
