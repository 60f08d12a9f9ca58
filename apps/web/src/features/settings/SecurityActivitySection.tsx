import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { auditEventLabel } from './audit-events';
import { SettingsSection } from './SettingsSection';
import { useAuditLog } from './use-audit-log';

/** The account's security events (sign-ins, password changes, exports …), newest first. */
export function SecurityActivitySection({ userId }: { userId: string }) {
  const { t } = useTranslation('settings');
  const timeFormat = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  const log = useAuditLog(userId);
  const entries = log.entries;

  return (
    <SettingsSection title={t('audit.title')} description={t('audit.description')}>
      {log.isPending && <CircularProgress aria-label={t('audit.loading')} size={24} />}
      {log.isError && <Alert severity="error">{t('audit.loadFailed')}</Alert>}
      {log.isSuccess && entries.length === 0 && (
        <Typography color="text.secondary">{t('audit.empty')}</Typography>
      )}
      {entries.length > 0 && (
        <List dense disablePadding aria-label={t('audit.title')}>
          {entries.map((entry) => (
            <ListItem key={entry.id} disableGutters divider>
              <ListItemText
                primary={auditEventLabel(entry.event, t)}
                secondary={
                  <>
                    <time dateTime={entry.at}>{timeFormat.format(new Date(entry.at))}</time>
                    {` · ${entry.ip ?? t('audit.unknownAddress')}`}
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
            {t('audit.loadMore')}
          </Button>
        </div>
      )}
    </SettingsSection>
  );
}
