import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';

export interface SwitchOption<K extends string> {
  key: K;
  label: string;
  description: string;
}

/** On/off settings, each a labelled switch with a line saying what it does. */
export function SwitchList<K extends string>({
  options,
  values,
  onChange,
}: {
  options: readonly SwitchOption<K>[];
  values: Record<K, boolean>;
  onChange: (key: K, value: boolean) => void;
}) {
  return (
    <FormGroup sx={{ gap: 1 }}>
      {options.map((option) => (
        <FormControlLabel
          key={option.key}
          sx={{ alignItems: 'flex-start', mx: 0, gap: 1 }}
          control={
            <Switch
              checked={values[option.key]}
              onChange={(_, checked) => onChange(option.key, checked)}
              slotProps={{ input: { 'aria-describedby': `setting-${option.key}-help` } }}
            />
          }
          label={
            <span>
              <Typography component="span" sx={{ display: 'block', pt: 1 }}>
                {option.label}
              </Typography>
              <Typography
                id={`setting-${option.key}-help`}
                component="span"
                variant="body2"
                color="text.secondary"
                sx={{ display: 'block' }}
              >
                {option.description}
              </Typography>
            </span>
          }
        />
      ))}
    </FormGroup>
  );
}
