import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SampleItem, UnitSystem } from '@healthfolio/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../../lib/api';
import { pointDate } from '../chart/point-format';
import { formatPair, formatValue } from '../format';
import { browserTimeZone, useEditEntry, useMetricSeries } from '../queries';
import { EditEntryDialog } from './EditEntryDialog';

const entryText = (e: SampleItem, system: UnitSystem) =>
  e.diastolic !== undefined
    ? formatPair(e.type, e.systolic ?? e.value, e.diastolic, system)
    : formatValue(e.type, e.value, system);

/** The person's own entries of a kind in the period, each to change or delete. */
export function ManualEntries({
  kind,
  from,
  to,
  system,
}: {
  kind: string;
  from: string;
  to?: string;
  system: UnitSystem;
}) {
  const { t } = useTranslation('metrics');
  const entries = useMetricSeries({
    type: kind,
    bucket: 'raw',
    from,
    ...(to ? { to } : {}),
    source: 'manual',
    limit: 200,
    tz: browserTimeZone(),
  });
  const [editing, setEditing] = useState<SampleItem | null>(null);
  const [deleting, setDeleting] = useState<SampleItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const edit = useEditEntry();
  const items = entries.data?.bucket === 'raw' ? [...entries.data.items].reverse() : [];
  if (items.length === 0) return null;

  const remove = () => {
    if (!deleting) return;
    edit.remove(deleting.id).then(
      () => setDeleting(null),
      (e: unknown) => {
        setDeleting(null);
        setError(toApiError(e).message);
      },
    );
  };

  return (
    <Box component="section" aria-labelledby="entries-title" sx={{ mt: 3 }}>
      <Typography id="entries-title" variant="h6" component="h2">
        {t('entries.title')}
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      <List dense>
        {items.map((e) => {
          const label = `${entryText(e, system)}, ${pointDate(Date.parse(e.start) / 1000, 'raw')}`;
          return (
            <ListItem key={e.id} disableGutters divider>
              <ListItemText
                primary={entryText(e, system)}
                secondary={pointDate(Date.parse(e.start) / 1000, 'raw')}
              />
              <Stack direction="row" spacing={1}>
                <Button
                  size="small"
                  onClick={() => setEditing(e)}
                  aria-label={t('entries.changeLabel', { entry: label })}
                >
                  {t('entries.change')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => setDeleting(e)}
                  aria-label={t('entries.deleteLabel', { entry: label })}
                >
                  {t('common:actions.delete')}
                </Button>
              </Stack>
            </ListItem>
          );
        })}
      </List>
      {editing && <EditEntryDialog entry={editing} system={system} onClose={() => setEditing(null)} />}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby="delete-entry-title">
        <DialogTitle id="delete-entry-title">{t('entries.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {deleting
              ? `${entryText(deleting, system)}, ${pointDate(Date.parse(deleting.start) / 1000, 'raw')}`
              : ''}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{t('entries.keep')}</Button>
          <Button color="error" variant="contained" onClick={remove} disabled={edit.isPending}>
            {t('common:actions.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
