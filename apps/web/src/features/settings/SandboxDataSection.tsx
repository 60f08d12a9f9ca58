import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { goalsKeys } from '../goals/queries';
import { insightsKeys } from '../insights/queries';
import { metricsKeys } from '../metrics/queries';
import { SettingsSection } from './SettingsSection';
import { SwitchList, type SwitchOption } from './SwitchList';
import type { SaveSettings } from './use-settings-saver';

/** Whether what sandbox connections bring counts with the person's own data (off unless turned on). */
export function SandboxDataSection({ value, save }: { value: boolean; save: SaveSettings }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const options: readonly SwitchOption<'includeSandboxData'>[] = [
    { key: 'includeSandboxData', label: t('sandbox.label'), description: t('sandbox.description') },
  ];
  const change = async (on: boolean) => {
    await save({ preferences: { includeSandboxData: on } });
    // The server has made the days with sandbox data again: every number may have moved.
    for (const queryKey of [metricsKeys.all, insightsKeys.all, goalsKeys.all]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
  return (
    <SettingsSection title={t('sandbox.title')}>
      <SwitchList
        options={options}
        values={{ includeSandboxData: value }}
        onChange={(_, on) => void change(on)}
      />
    </SettingsSection>
  );
}
