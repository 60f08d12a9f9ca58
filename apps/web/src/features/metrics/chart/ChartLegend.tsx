import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { ChartData } from './chart-data';
import type { ChartColors } from './chart-options';
import type { Band } from './reference-band';

function Swatch({ color, round }: { color: string; round?: boolean }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        width: 14,
        height: round ? 14 : 4,
        borderRadius: round ? '50%' : 1,
        bgcolor: color,
        display: 'inline-block',
      }}
    />
  );
}

function bandText(data: ChartData, band: Band): string {
  if (band.low !== undefined && band.high !== undefined)
    return `Reference range ${data.format(band.low)} – ${data.format(band.high)}`;
  if (band.high !== undefined) return `Reference range below ${data.format(band.high)}`;
  return `Reference range above ${data.format(band.low ?? 0)}`;
}

/** What the lines, the shaded band and the ringed points mean. */
export function ChartLegend({ data, band, colors }: { data: ChartData; band?: Band; colors: ChartColors }) {
  const item = (swatch: ReactNode, text: string) => (
    <Stack direction="row" spacing={0.75} key={text} sx={{ alignItems: 'center' }}>
      {swatch}
      <Typography variant="caption">{text}</Typography>
    </Stack>
  );
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
      {data.series.map((s, i) =>
        item(
          <Swatch color={colors.series[i % colors.series.length]!} />,
          data.dailyMean ? `${s.name} (daily average)` : s.name,
        ),
      )}
      {band && item(<Swatch color={colors.band} round />, bandText(data, band))}
      {band && item(<Swatch color={colors.flagged} round />, 'Out of range')}
    </Stack>
  );
}
