import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { insightSeverities, insightTypes, type InsightsQuery } from '@healthfolio/core';
import { useTranslation } from 'react-i18next';
import { isInsightSeverity, isInsightType } from './insight-text';

interface InsightFiltersProps {
  query: InsightsQuery;
  onChange: (changes: Partial<InsightsQuery>) => void;
}

/** Type and severity selects; "All" clears one. */
export function InsightFilters({ query, onChange }: InsightFiltersProps) {
  const { t } = useTranslation('insights');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
      <TextField
        select
        label={t('filters.type')}
        value={query.type}
        onChange={(e) => onChange({ type: isInsightType(e.target.value) ? e.target.value : 'all' })}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="all">{t('filters.allTypes')}</MenuItem>
        {insightTypes.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`types.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('filters.severity')}
        value={query.severity}
        onChange={(e) => onChange({ severity: isInsightSeverity(e.target.value) ? e.target.value : 'all' })}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="all">{t('filters.all')}</MenuItem>
        {insightSeverities.map((severity) => (
          <MenuItem key={severity} value={severity}>
            {t(`severities.${severity}`)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
