import type { UserSettings } from '@healthfolio/core';
import { useMemo } from 'react';
import { changeLanguage, isLanguage, LANGUAGES } from '../../i18n';
import { useThemeMode } from '../theme';
import { SelectField, type SelectOption } from './SelectField';
import { SettingsSection } from './SettingsSection';
import { timeZoneChoices } from './time-zones';
import { browserTimeZone } from './use-browser-time-zone';
import type { SaveSettings } from './use-settings-saver';

type Preferences = UserSettings['preferences'];

// Each language names itself, so a person who cannot read the current one still finds theirs.
const languages: readonly SelectOption<string>[] = LANGUAGES;
const themes: readonly SelectOption<Preferences['theme']>[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];
const unitSystems: readonly SelectOption<Preferences['units']>[] = [
  { value: 'metric', label: 'Metric (kg, cm, km)' },
  { value: 'imperial', label: 'Imperial (lb, in, mi)' },
];

export function PreferencesSection({ values, save }: { values: Preferences; save: SaveSettings }) {
  const { setMode } = useThemeMode();
  const timeZone = values.timeZone ?? browserTimeZone() ?? 'UTC';
  const zones = useMemo(
    () => timeZoneChoices(timeZone).map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })),
    [timeZone],
  );
  const language = languages.some((l) => l.value === values.language)
    ? languages
    : [...languages, { value: values.language, label: values.language }];

  return (
    <SettingsSection title="Preferences">
      <SelectField
        label="Language"
        value={values.language}
        options={language}
        onChange={(value) => {
          if (isLanguage(value)) void changeLanguage(value);
          void save({ preferences: { language: value } });
        }}
      />
      <SelectField
        label="Theme"
        value={values.theme}
        options={themes}
        onChange={(value) => {
          setMode(value);
          void save({ preferences: { theme: value } });
        }}
      />
      <SelectField
        label="Units"
        value={values.units}
        options={unitSystems}
        onChange={(value) => void save({ preferences: { units: value } })}
      />
      <SelectField
        label="Time zone"
        value={timeZone}
        options={zones}
        helperText="Your days and weeks are counted in this zone."
        onChange={(value) => void save({ preferences: { timeZone: value } })}
      />
    </SettingsSection>
  );
}
