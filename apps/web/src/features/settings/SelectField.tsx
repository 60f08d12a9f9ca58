import TextField from '@mui/material/TextField';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

/** A labelled native select: the phone's own picker, and light enough for long lists like time zones. */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  helperText,
}: {
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  helperText?: string;
}) {
  return (
    <TextField
      select
      label={label}
      value={value}
      helperText={helperText}
      onChange={(event) => {
        const chosen = options.find((option) => option.value === event.target.value);
        if (chosen) onChange(chosen.value);
      }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      fullWidth
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
