import type { SourceCategory } from '@healthfolio/core';
import Avatar from '@mui/material/Avatar';
import type { Theme } from '@mui/material/styles';
import { initials } from './source-text';

/** Each category's colour, from the theme's SPEC §9 palette. */
const colorOf: Record<SourceCategory, (theme: Theme) => string> = {
  wearable: (t) => t.palette.service.fitness,
  glucose: (t) => t.palette.content.vitalSigns,
  lab: (t) => t.palette.content.labResults,
  clinical: (t) => t.palette.content.medications,
  nutrition: (t) => t.palette.service.nutrition,
  platform: (t) => t.palette.service.prescription,
  other: (t) => t.palette.service.supplements,
};

/** The source's initials in its category's colour (no third-party logos). */
export function SourceAvatar({ name, category }: { name: string; category: SourceCategory }) {
  return (
    <Avatar
      aria-hidden
      sx={(theme) => {
        const bg = colorOf[category](theme);
        return { bgcolor: bg, color: theme.palette.getContrastText(bg), fontSize: '1rem', fontWeight: 600 };
      }}
    >
      {initials(name)}
    </Avatar>
  );
}
