import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { chartRanges, type ChartRange } from './ranges';

/** Day / Week / Month / Year / All, and Custom dates where the page offers them. */
export function RangePicker<T extends ChartRange | 'custom' = ChartRange>({
  value,
  onChange,
  custom = false,
}: {
  value: T;
  onChange: (range: T) => void;
  custom?: boolean;
}) {
  const { t } = useTranslation('metrics');
  return (
    <ToggleButtonGroup
      value={value}
      exclusive
      size="small"
      aria-label={t('range.label')}
      onChange={(_event, next: T | null) => next && onChange(next)}
      sx={{ mb: 2, flexWrap: 'wrap' }}
    >
      {chartRanges.map((range) => (
        <ToggleButton key={range} value={range}>
          {t(`range.${range}`)}
        </ToggleButton>
      ))}
      {custom && <ToggleButton value="custom">{t('range.custom')}</ToggleButton>}
    </ToggleButtonGroup>
  );
}
