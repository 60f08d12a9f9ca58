import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { MetricKind } from '@healthfolio/core';
import { goalKindOptions, type GoalKindOption } from './goal-kinds';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

interface MetricAutocompleteProps {
  value: MetricKind | '';
  onChange: (kind: MetricKind | '') => void;
  error?: string;
}

/** Every kind by category; type to narrow ("glu" finds Glucose). */
export function MetricAutocomplete({ value, onChange, error }: MetricAutocompleteProps) {
  const { t, i18n } = useTranslation(['goals', 'metrics']);
  // Names, groups and their order follow the language.
  const options = useMemo(() => (i18n.language ? goalKindOptions() : []), [i18n.language]);
  const selected = options.find((o) => o.kind === value) ?? null;
  return (
    <Autocomplete<GoalKindOption>
      options={options}
      groupBy={(o) => o.group}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.kind === b.kind}
      value={selected}
      onChange={(_event, option) => onChange(option?.kind ?? '')}
      autoHighlight
      renderInput={(params) => (
        <TextField {...params} label={t('dialog.metric')} required error={!!error} helperText={error} />
      )}
    />
  );
}
