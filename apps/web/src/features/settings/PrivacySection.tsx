import Typography from '@mui/material/Typography';
import type { UserSettings } from '@healthfolio/core';
import { AnalyticsConsentSetting } from '../analytics/AnalyticsConsentSetting';
import { SelectField, type SelectOption } from './SelectField';
import { SettingsSection } from './SettingsSection';
import { SwitchList, type SwitchOption } from './SwitchList';
import type { SaveSettings } from './use-settings-saver';

type Privacy = UserSettings['privacy'];
/** `publicProfile` has no switch: Healthfolio has no public profiles (see the note below). */
type PrivacySwitch = Exclude<keyof Privacy, 'autoSignOutMinutes' | 'publicProfile'>;

const options: readonly SwitchOption<PrivacySwitch>[] = [
  {
    key: 'shareWithProviders',
    label: 'Share with my providers',
    description:
      'Allow links that show chosen data to a named care provider (Sharing, below). Turning it off pauses every share.',
  },
  {
    key: 'anonymizeData',
    label: 'Anonymize my data',
    description: 'Shares show no name, birth date, email or other identifier.',
  },
];

const autoSignOutChoices: readonly SelectOption<string>[] = [
  { value: '0', label: 'Off' },
  { value: '15', label: '15 minutes' },
  { value: '30', label: '30 minutes' },
  { value: '60', label: '1 hour' },
];

/** The choices, plus the stored value when it is none of them (set through the API). */
function autoSignOutOptions(current: number): readonly SelectOption<string>[] {
  if (autoSignOutChoices.some((choice) => choice.value === String(current))) return autoSignOutChoices;
  return [...autoSignOutChoices, { value: String(current), label: `${current} minutes` }];
}

export function PrivacySection({ values, save }: { values: Privacy; save: SaveSettings }) {
  return (
    <SettingsSection title="Privacy">
      <SwitchList
        options={options}
        values={values}
        onChange={(key, value) => void save({ privacy: { [key]: value } })}
      />
      <SelectField
        label="Sign out after inactivity"
        value={String(values.autoSignOutMinutes)}
        options={autoSignOutOptions(values.autoSignOutMinutes)}
        helperText="Without mouse, touch or keyboard use for this long, you are signed out."
        onChange={(value) => void save({ privacy: { autoSignOutMinutes: Number(value) } })}
      />
      <Typography variant="body2" color="text.secondary">
        Healthfolio has no public profiles: nobody can find you or see your data, except through a share you
        create.
      </Typography>
      <AnalyticsConsentSetting />
    </SettingsSection>
  );
}
