import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { kindOptions } from './entry-kinds';

/** Every enterable kind by label, common ones first, then by category. */
export function KindSelect({ value, onChange }: { value: string; onChange: (kind: string) => void }) {
  const { t, i18n } = useTranslation('metrics');
  // Names and their order follow the language.
  const options = useMemo(() => (i18n.language ? kindOptions() : []), [i18n.language]);
  const id = useId();
  const items = options.flatMap((option, i) => {
    const item = (
      <MenuItem key={option.kind} value={option.kind}>
        {option.label}
      </MenuItem>
    );
    if (options[i - 1]?.group === option.group) return [item];
    return [<ListSubheader key={`group-${option.group}`}>{option.group}</ListSubheader>, item];
  });
  return (
    <FormControl fullWidth required>
      <InputLabel id={`${id}-label`}>{t('entry.type')}</InputLabel>
      <Select
        labelId={`${id}-label`}
        label={`${t('entry.type')} *`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: 360 } } } }}
      >
        {items}
      </Select>
    </FormControl>
  );
}
