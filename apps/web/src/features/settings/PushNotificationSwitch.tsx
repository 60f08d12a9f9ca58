import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  currentSubscription,
  fetchPushStatus,
  pushAvailability,
  PushSetupError,
  sendTestPush,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from './push-api';
import type { SaveSettings } from './use-settings-saver';

const pushKey = ['push', 'status'] as const;

/**
 * "Push notifications" for this browser: on means this browser is subscribed (through the service worker)
 * and the account's push setting is on; the server then sends insight alerts and goal reminders here.
 */
export function PushNotificationSwitch({ enabled, save }: { enabled: boolean; save: SaveSettings }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const availability = pushAvailability();
  const state = useQuery({
    queryKey: pushKey,
    enabled: availability !== 'unsupported',
    queryFn: async () => {
      const [status, subscription] = await Promise.all([fetchPushStatus(), currentSubscription()]);
      const here = subscription !== null && status.endpoints.includes(subscription.endpoint);
      return { ...status, here };
    },
  });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const on = enabled && state.data?.here === true;

  const change = async (next: boolean) => {
    const publicKey = state.data?.publicKey;
    if (!publicKey) return;
    setBusy(true);
    setProblem(null);
    setNote(null);
    try {
      if (next) {
        await subscribeThisBrowser(publicKey);
        if (!enabled) await save({ notifications: { pushNotifications: true } });
      } else {
        await unsubscribeThisBrowser();
        const left = (await fetchPushStatus()).endpoints.length;
        // The last browser gone: the account's push setting goes off with it.
        if (left === 0) await save({ notifications: { pushNotifications: false } });
      }
    } catch (error) {
      setProblem(
        error instanceof PushSetupError ? t(`push.errors.${error.reason}`) : t('push.errors.failed'),
      );
    } finally {
      await queryClient.invalidateQueries({ queryKey: pushKey });
      setBusy(false);
    }
  };

  const test = async () => {
    setProblem(null);
    try {
      const { sent } = await sendTestPush();
      setNote(sent > 0 ? t('push.testSent') : t('push.testNotTaken'));
    } catch {
      setProblem(t('push.testFailed'));
    }
  };

  const description = t(`push.description.${availability}`);

  return (
    <Stack spacing={1}>
      <FormControlLabel
        sx={{ alignItems: 'flex-start', mx: 0, gap: 1 }}
        control={
          <Switch
            checked={on}
            disabled={availability !== 'available' || busy || !state.data}
            onChange={(_, checked) => void change(checked)}
            slotProps={{ input: { 'aria-describedby': 'setting-pushNotifications-help' } }}
          />
        }
        label={
          <span>
            <Typography component="span" sx={{ display: 'block', pt: 1 }}>
              {t('push.label')}
            </Typography>
            <Typography
              id="setting-pushNotifications-help"
              component="span"
              variant="body2"
              color="text.secondary"
              sx={{ display: 'block' }}
            >
              {description}
            </Typography>
          </span>
        }
      />
      {on && (
        <div>
          <Button size="small" variant="outlined" onClick={() => void test()}>
            {t('push.sendTest')}
          </Button>
        </div>
      )}
      {problem && (
        <Typography role="alert" color="error" variant="body2">
          {problem}
        </Typography>
      )}
      {note && (
        <Typography role="status" variant="body2">
          {note}
        </Typography>
      )}
    </Stack>
  );
}
