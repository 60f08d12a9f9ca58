import Typography from '@mui/material/Typography';
import type { UserSettings } from '@healthfolio/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AnalyticsConsentSetting } from '../analytics/AnalyticsConsentSetting';
import { SelectField, type SelectOption } from './SelectField';
import { SettingsSection } from './SettingsSection';
import { SwitchList, type SwitchOption } from './SwitchList';
import type { SaveSettings } from './use-settings-saver';

type Privacy = UserSettings['privacy'];
/** `publicProfile` has no switch: Healthfolio has no public profiles (see the note below). */
type PrivacySwitch = Exclude<keyof Privacy, 'autoSignOutMinutes' | 'publicProfile'>;

const switches: readonly PrivacySwitch[] = ['shareWithProviders', 'anonymizeData'];

/** Minutes of inactivity offered; 0 is off. */
const autoSignOutChoices = [0, 15, 30, 60] as const;

function minutesLabel(minutes: number, t: TFunction<'settings'>): string {
  if (minutes === 0) return t('privacy.off');
  if (minutes === 60) return t('privacy.hour');
  return t('privacy.minutes', { count: minutes });
}

/** The choices, plus the stored value when it is none of them (set through the API). */
function autoSignOutOptions(current: number, t: TFunction<'settings'>): readonly SelectOption<string>[] {
  const minutes: number[] = [...autoSignOutChoices];
  if (!minutes.includes(current)) minutes.push(current);
  return minutes.map((value) => ({ value: String(value), label: minutesLabel(value, t) }));
}

export function PrivacySection({ values, save }: { values: Privacy; save: SaveSettings }) {
  const { t } = useTranslation('settings');
  const options: SwitchOption<PrivacySwitch>[] = switches.map((key) => ({
    key,
    label: t(`privacy.${key}.label`),
    description: t(`privacy.${key}.description`),
  }));
  return (
    <SettingsSection title={t('privacy.title')}>
      <SwitchList
        options={options}
        values={values}
        onChange={(key, value) => void save({ privacy: { [key]: value } })}
      />
      <SelectField
        label={t('privacy.autoSignOut')}
        value={String(values.autoSignOutMinutes)}
        options={autoSignOutOptions(values.autoSignOutMinutes, t)}
        helperText={t('privacy.autoSignOutHelp')}
        onChange={(value) => void save({ privacy: { autoSignOutMinutes: Number(value) } })}
      />
      <Typography variant="body2" color="text.secondary">
        {t('privacy.noPublicProfiles')}
      </Typography>
      <AnalyticsConsentSetting />
    </SettingsSection>
  );
}
