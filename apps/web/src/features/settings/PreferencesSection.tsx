import type { UserSettings } from '@healthfolio/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
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
const themes: readonly Preferences['theme'][] = ['light', 'dark'];
const unitSystems: readonly Preferences['units'][] = ['metric', 'imperial'];

export function PreferencesSection({ values, save }: { values: Preferences; save: SaveSettings }) {
  const { t } = useTranslation('settings');
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
    <SettingsSection title={t('preferences.title')}>
      <SelectField
        label={t('preferences.language')}
        value={values.language}
        options={language}
        onChange={(value) => {
          if (isLanguage(value)) void changeLanguage(value);
          void save({ preferences: { language: value } });
        }}
      />
      <SelectField
        label={t('preferences.theme')}
        value={values.theme}
        options={themes.map((value) => ({ value, label: t(`preferences.themes.${value}`) }))}
        onChange={(value) => {
          setMode(value);
          void save({ preferences: { theme: value } });
        }}
      />
      <SelectField
        label={t('preferences.units')}
        value={values.units}
        options={unitSystems.map((value) => ({ value, label: t(`preferences.unitSystems.${value}`) }))}
        onChange={(value) => void save({ preferences: { units: value } })}
      />
      <SelectField
        label={t('preferences.timeZone')}
        value={timeZone}
        options={zones}
        helperText={t('preferences.timeZoneHelp')}
        onChange={(value) => void save({ preferences: { timeZone: value } })}
      />
    </SettingsSection>
  );
}
