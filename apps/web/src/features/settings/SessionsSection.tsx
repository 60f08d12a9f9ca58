import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLocale } from '../../i18n';
import { useAuth } from '../auth';
import { endSession, fetchSessions, signOutEverywhere } from './sessions-api';
import { SettingsSection } from './SettingsSection';

const when = (iso: string) => (
  <time dateTime={iso}>
    {new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    )}
  </time>
);

const PLACES: Record<string, string> = {
  'This computer': 'thisComputer',
  'Local network': 'localNetwork',
  'Carrier network': 'carrierNetwork',
  'Unknown network': 'unknownNetwork',
};

/**
 * The server names a session's device and network in a closed English vocabulary (identity/device.ts:
 * "Firefox on Windows", "Browser on iOS", "This computer"); the browser and system names are proper names,
 * the rest is said in the person's language. An address's network ("203.0.113.x") stays as it is.
 */
function sessionWords(t: TFunction<'settings'>, device: string, place: string) {
  const on = /^(.+) on (.+)$/.exec(device);
  const localDevice =
    device === 'Unknown device'
      ? t('sessions.names.unknownDevice')
      : on?.[1] === 'Browser'
        ? t('sessions.names.browserOn', { system: on[2] })
        : on
          ? t('sessions.names.deviceOn', { browser: on[1], system: on[2] })
          : device;
  const placeKey = PLACES[place];
  return {
    device: localDevice,
    place: placeKey ? t(`sessions.names.${placeKey}` as 'sessions.names.thisComputer') : place,
  };
}

/** Settings → Sessions: every device signed in to the account; each can be ended, or all at once. */
export function SessionsSection() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const sessions = useQuery({ queryKey: ['identity-sessions'], queryFn: fetchSessions });
  const end = useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['identity-sessions'] }),
  });
  const everywhere = useMutation({
    mutationFn: signOutEverywhere,
    // This device's session ended too: leave the way Logout does.
    onSuccess: async () => {
      await signOut().catch(() => undefined);
      void navigate('/login', { replace: true });
    },
  });
  const items = sessions.data ?? [];

  return (
    <SettingsSection title={t('sessions.title')} description={t('sessions.description')}>
      {sessions.isPending && <CircularProgress aria-label={t('sessions.loading')} size={24} />}
      {sessions.isError && <Alert severity="error">{t('sessions.loadFailed')}</Alert>}
      {end.isError && <Alert severity="error">{t('sessions.endFailed')}</Alert>}
      {everywhere.isError && <Alert severity="error">{t('sessions.everywhereFailed')}</Alert>}
      {items.length > 0 && (
        <List dense disablePadding aria-label={t('sessions.title')}>
          {items.map(({ device: rawDevice, place: rawPlace, ...session }) => {
            const { device, place } = sessionWords(t, rawDevice, rawPlace);
            return (
              <ListItem
                key={session.id}
                disableGutters
                divider
                aria-label={`${device}, ${place}`}
                secondaryAction={
                  session.current ? undefined : (
                    <Button
                      size="small"
                      disabled={end.isPending}
                      onClick={() => end.mutate(session.id)}
                      aria-label={t('sessions.endLabel', { device: device, place: place })}
                    >
                      {t('sessions.end')}
                    </Button>
                  )
                }
                sx={{ pr: session.current ? 0 : 8 }}
              >
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <span>{device}</span>
                      {session.current && (
                        <Chip size="small" color="primary" label={t('sessions.thisDevice')} />
                      )}
                    </Stack>
                  }
                  secondary={
                    <>
                      <Trans
                        t={t}
                        i18nKey="sessions.times"
                        values={{ place }}
                        components={{
                          signedIn: when(session.createdAt),
                          lastActive: when(session.lastSeenAt),
                        }}
                      />
                    </>
                  }
                />
              </ListItem>
            );
          })}
        </List>
      )}
      <div>
        <Button
          variant="outlined"
          color="error"
          disabled={everywhere.isPending}
          onClick={() => everywhere.mutate()}
        >
          {t('sessions.signOutEverywhere')}
        </Button>
      </div>
    </SettingsSection>
  );
}
