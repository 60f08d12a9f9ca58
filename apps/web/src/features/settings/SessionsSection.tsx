import type { SessionInfo, SessionNetwork } from '@healthfolio/core';
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

const NETWORK_KEYS = {
  'this-computer': 'sessions.names.thisComputer',
  local: 'sessions.names.localNetwork',
  carrier: 'sessions.names.carrierNetwork',
  unknown: 'sessions.names.unknownNetwork',
} as const satisfies Record<Exclude<SessionNetwork, 'public'>, string>;

/** "Firefox on Windows" in the person's language; browser and system are proper names and stay as they are. */
function deviceName(t: TFunction<'settings'>, { browser, system }: SessionInfo): string {
  if (browser && system) return t('sessions.names.deviceOn', { browser, system });
  if (browser) return browser;
  return system ? t('sessions.names.browserOn', { system }) : t('sessions.names.unknownDevice');
}

/** The network's kind in the person's language; a public network by its address prefix ("203.0.113.x"). */
function networkName(t: TFunction<'settings'>, { network, networkPrefix }: SessionInfo): string {
  if (network === 'public') return networkPrefix ?? t('sessions.names.unknownNetwork');
  return t(NETWORK_KEYS[network]);
}

/**
 * Settings → Sessions: every device signed in to the account; each can be ended, or all at once. The server
 * sends each session's device and network as parts (browser, system, network kind), worded here.
 */
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
          {items.map((session) => {
            const device = deviceName(t, session);
            const place = networkName(t, session);
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
                      aria-label={t('sessions.endLabel', { device, place })}
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
