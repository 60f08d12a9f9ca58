import type { UserSettings } from '@healthfolio/core';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../forms/TextInput';
import { SettingsSection } from './SettingsSection';
import { SwitchList, type SwitchOption } from './SwitchList';
import type { SaveSettings } from './use-settings-saver';

type DataSharing = UserSettings['dataSharing'];
type SharingSwitch = Exclude<keyof DataSharing, 'allowedProviders'>;

const switches: readonly SharingSwitch[] = ['shareHealthScore', 'shareInsights'];

export function DataSharingSection({ values, save }: { values: DataSharing; save: SaveSettings }) {
  const { t } = useTranslation('settings');
  const options: SwitchOption<SharingSwitch>[] = switches.map((key) => ({
    key,
    label: t(`dataSharing.${key}.label`),
    description: t(`dataSharing.${key}.description`),
  }));
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
    <SettingsSection title={t('dataSharing.title')}>
      <SwitchList
        options={options}
        values={values}
        onChange={(key, value) => void save({ dataSharing: { [key]: value } })}
      />
      <div>
        <Typography variant="subtitle2" component="h3" gutterBottom>
          {t('dataSharing.allowedProviders')}
        </Typography>
        {providers.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('dataSharing.noProviders')}
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
        <TextInput label={t('dataSharing.providerName')} value={provider} onChange={setProvider} />
        <Button type="submit" variant="outlined" sx={{ minHeight: 56, flexShrink: 0 }}>
          {t('dataSharing.addProvider')}
        </Button>
      </Stack>
    </SettingsSection>
  );
}
