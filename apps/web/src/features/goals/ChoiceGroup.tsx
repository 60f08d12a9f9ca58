import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';

interface ChoiceGroupProps<T extends string> {
  label: string;
  values: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
}

/** A labelled row of radio buttons over a closed set of values. */
export function ChoiceGroup<T extends string>({
  label,
  values,
  labels,
  value,
  onChange,
}: ChoiceGroupProps<T>) {
  const id = useId();
  return (
    <FormControl>
      <FormLabel id={id}>{label}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={id}
        value={value}
        onChange={(e) => {
          const next = values.find((v) => v === e.target.value);
          if (next) onChange(next);
        }}
      >
        {values.map((v) => (
          <FormControlLabel key={v} value={v} control={<Radio />} label={labels[v]} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
