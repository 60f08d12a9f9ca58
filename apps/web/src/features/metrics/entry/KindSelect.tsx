import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useId } from 'react';
import { kindOptions } from './entry-kinds';

const options = kindOptions();

/** Every enterable kind by label, common ones first, then by category. */
export function KindSelect({ value, onChange }: { value: string; onChange: (kind: string) => void }) {
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
      <InputLabel id={`${id}-label`}>Type</InputLabel>
      <Select
        labelId={`${id}-label`}
        label="Type *"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: 360 } } } }}
      >
        {items}
      </Select>
    </FormControl>
  );
}
