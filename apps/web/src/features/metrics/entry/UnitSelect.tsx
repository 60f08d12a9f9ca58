import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnitOption } from './entry-kinds';

export function UnitSelect({
  options,
  value,
  onChange,
}: {
  options: readonly UnitOption[];
  value: string;
  onChange: (code: string) => void;
}) {
  const { t } = useTranslation('metrics');
  const id = useId();
  return (
    <FormControl sx={{ minWidth: 120 }}>
      <InputLabel id={`${id}-label`}>{t('entry.unit')}</InputLabel>
      <Select
        labelId={`${id}-label`}
        label={t('entry.unit')}
        value={options.some((o) => o.code === value) ? value : ''}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((o) => (
          <MenuItem key={o.code} value={o.code}>
            {o.label || t('units.count')}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
