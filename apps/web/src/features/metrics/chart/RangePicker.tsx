import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { chartRanges, rangeLabels, type ChartRange } from './ranges';

/** Day / Week / Month / Year / All. */
export function RangePicker({
  value,
  onChange,
}: {
  value: ChartRange;
  onChange: (range: ChartRange) => void;
}) {
  return (
    <ToggleButtonGroup
      value={value}
      exclusive
      size="small"
      aria-label="Chart range"
      onChange={(_event, next: ChartRange | null) => next && onChange(next)}
      sx={{ mb: 2, flexWrap: 'wrap' }}
    >
      {chartRanges.map((range) => (
        <ToggleButton key={range} value={range}>
          {rangeLabels[range]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
