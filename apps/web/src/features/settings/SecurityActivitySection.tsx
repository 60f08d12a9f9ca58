import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { auditEventLabel } from './audit-events';
import { SettingsSection } from './SettingsSection';
import { useAuditLog } from './use-audit-log';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The account's security events (sign-ins, password changes, exports …), newest first. */
export function SecurityActivitySection({ userId }: { userId: string }) {
  const log = useAuditLog(userId);
  const entries = log.entries;

  return (
    <SettingsSection
      title="Security activity"
      description="Sign-ins, password changes and exports of your account."
    >
      {log.isPending && <CircularProgress aria-label="Loading security activity" size={24} />}
      {log.isError && <Alert severity="error">Could not load your security activity.</Alert>}
      {log.isSuccess && entries.length === 0 && (
        <Typography color="text.secondary">No activity yet.</Typography>
      )}
      {entries.length > 0 && (
        <List dense disablePadding aria-label="Security activity">
          {entries.map((entry) => (
            <ListItem key={entry.id} disableGutters divider>
              <ListItemText
                primary={auditEventLabel(entry.event)}
                secondary={
                  <>
                    <time dateTime={entry.at}>{timeFormat.format(new Date(entry.at))}</time>
                    {` · ${entry.ip ?? 'unknown address'}`}
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      {log.hasMore && (
        <div>
          <Button variant="outlined" disabled={log.loadingMore} onClick={() => void log.loadMore()}>
            Load more
          </Button>
        </div>
      )}
    </SettingsSection>
  );
}
