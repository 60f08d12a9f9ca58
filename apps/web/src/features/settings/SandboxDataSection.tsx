import { useQueryClient } from '@tanstack/react-query';
import { goalsKeys } from '../goals/queries';
import { insightsKeys } from '../insights/queries';
import { metricsKeys } from '../metrics/queries';
import { SettingsSection } from './SettingsSection';
import { SwitchList, type SwitchOption } from './SwitchList';
import type { SaveSettings } from './use-settings-saver';

const options: readonly SwitchOption<'includeSandboxData'>[] = [
  {
    key: 'includeSandboxData',
    label: 'Include sandbox data',
    description:
      'Count the generated test data of sandbox connections in your totals, insights, goals and exports; off, it never mixes with your own.',
  },
];

/** Whether what sandbox connections bring counts with the person's own data (off unless turned on). */
export function SandboxDataSection({ value, save }: { value: boolean; save: SaveSettings }) {
  const queryClient = useQueryClient();
  const change = async (on: boolean) => {
    await save({ preferences: { includeSandboxData: on } });
    // The server has made the days with sandbox data again: every number may have moved.
    for (const queryKey of [metricsKeys.all, insightsKeys.all, goalsKeys.all]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
  return (
    <SettingsSection title="Sandbox data">
      <SwitchList
        options={options}
        values={{ includeSandboxData: value }}
        onChange={(_, on) => void change(on)}
      />
    </SettingsSection>
  );
}
