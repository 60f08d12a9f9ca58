import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useAuth } from '../auth';
import { endSession, fetchSessions, signOutEverywhere } from './sessions-api';
import { SettingsSection } from './SettingsSection';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => <time dateTime={iso}>{timeFormat.format(new Date(iso))}</time>;

/** Settings → Sessions: every device signed in to the account; each can be ended, or all at once. */
export function SessionsSection() {
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
    <SettingsSection
      title="Sessions"
      description="Devices signed in to your account. End any you do not recognise, then change your password."
    >
      {sessions.isPending && <CircularProgress aria-label="Loading sessions" size={24} />}
      {sessions.isError && <Alert severity="error">Could not load your sessions.</Alert>}
      {end.isError && <Alert severity="error">Could not end that session. Please try again.</Alert>}
      {everywhere.isError && <Alert severity="error">Could not sign out everywhere. Please try again.</Alert>}
      {items.length > 0 && (
        <List dense disablePadding aria-label="Sessions">
          {items.map((session) => (
            <ListItem
              key={session.id}
              disableGutters
              divider
              aria-label={`${session.device}, ${session.place}`}
              secondaryAction={
                session.current ? undefined : (
                  <Button
                    size="small"
                    disabled={end.isPending}
                    onClick={() => end.mutate(session.id)}
                    aria-label={`End session: ${session.device}, ${session.place}`}
                  >
                    End
                  </Button>
                )
              }
              sx={{ pr: session.current ? 0 : 8 }}
            >
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <span>{session.device}</span>
                    {session.current && <Chip size="small" color="primary" label="This device" />}
                  </Stack>
                }
                secondary={
                  <>
                    {session.place} · signed in {when(session.createdAt)} · last active{' '}
                    {when(session.lastSeenAt)}
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      <div>
        <Button
          variant="outlined"
          color="error"
          disabled={everywhere.isPending}
          onClick={() => everywhere.mutate()}
        >
          Sign out everywhere
        </Button>
      </div>
    </SettingsSection>
  );
}
