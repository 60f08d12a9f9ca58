import type { UserSettings } from '@healthfolio/core';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { TextInput } from '../forms/TextInput';
import { SettingsSection } from './SettingsSection';
import { SwitchList, type SwitchOption } from './SwitchList';
import type { SaveSettings } from './use-settings-saver';

type DataSharing = UserSettings['dataSharing'];
type SharingSwitch = Exclude<keyof DataSharing, 'allowedProviders'>;

const options: readonly SwitchOption<SharingSwitch>[] = [
  {
    key: 'shareHealthScore',
    label: 'Share my health score',
    description: 'Allowed providers see my overall score.',
  },
  { key: 'shareInsights', label: 'Share my insights', description: 'Allowed providers see my insights.' },
];

export function DataSharingSection({ values, save }: { values: DataSharing; save: SaveSettings }) {
  const [provider, setProvider] = useState('');
  const providers = values.allowedProviders;

  const add = (event: FormEvent) => {
    event.preventDefault();
    const name = provider.trim();
    if (!name) return;
    setProvider('');
    if (providers.includes(name)) return;
    void save({ dataSharing: { allowedProviders: [...providers, name] } });
  };
  const remove = (name: string) =>
    void save({ dataSharing: { allowedProviders: providers.filter((p) => p !== name) } });

  return (
    <SettingsSection title="Data sharing">
      <SwitchList
        options={options}
        values={values}
        onChange={(key, value) => void save({ dataSharing: { [key]: value } })}
      />
      <div>
        <Typography variant="subtitle2" component="h3" gutterBottom>
          Allowed providers
        </Typography>
        {providers.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No providers yet.
          </Typography>
        ) : (
          <Stack
            component="ul"
            direction="row"
            sx={{ flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
          >
            {providers.map((name) => (
              <li key={name}>
                <Chip label={name} onDelete={() => remove(name)} />
              </li>
            ))}
          </Stack>
        )}
      </div>
      <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={2} onSubmit={add} noValidate>
        <TextInput label="Provider name" value={provider} onChange={setProvider} />
        <Button type="submit" variant="outlined" sx={{ minHeight: 56, flexShrink: 0 }}>
          Add provider
        </Button>
      </Stack>
    </SettingsSection>
  );
}
