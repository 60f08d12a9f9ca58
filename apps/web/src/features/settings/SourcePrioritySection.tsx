import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { metricsKeys, useMetricsSummary } from '../metrics/queries';
import { useMetricWords } from '../metrics/words';
import {
  moveStream,
  prioritiesKey,
  type PriorityStream,
  sameStream,
  savePriorities,
  streamName,
  useMetricPriorities,
} from './priorities-api';
import { SelectField } from './SelectField';
import { SettingsSection } from './SettingsSection';
import type { SettingsFeedback } from './use-settings-saver';

/** Per metric, the order in which its sources count; only metrics with data are offered. */
export function SourcePrioritySection({ onFeedback }: { onFeedback: (feedback: SettingsFeedback) => void }) {
  const { t } = useTranslation('settings');
  const { kindLabel } = useMetricWords();
  const summary = useMetricsSummary();
  const kinds = summary.data?.items ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const type = kinds.find((kind) => kind.type === chosen)?.type ?? kinds[0]?.type;

  return (
    <SettingsSection title={t('priority.title')} description={t('priority.description')}>
      {summary.isPending && <CircularProgress aria-label={t('priority.loading')} size={24} />}
      {summary.isError && <Alert severity="error">{t('priority.loadFailed')}</Alert>}
      {summary.isSuccess && type === undefined && (
        <Typography color="text.secondary">{t('priority.empty')}</Typography>
      )}
      {type !== undefined && (
        <>
          <SelectField
            label={t('priority.metric')}
            value={type}
            options={kinds.map((kind) => ({ value: kind.type, label: kindLabel(kind.type) }))}
            onChange={setChosen}
          />
          <StreamOrder key={type} type={type} label={kindLabel(type)} onFeedback={onFeedback} />
        </>
      )}
    </SettingsSection>
  );
}

/** The streams of one metric, best first, moved with buttons and saved together. */
function StreamOrder({
  type,
  label,
  onFeedback,
}: {
  type: string;
  label: string;
  onFeedback: (feedback: SettingsFeedback) => void;
}) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const priorities = useMetricPriorities(type);
  const [draft, setDraft] = useState<PriorityStream[] | null>(null);
  const [saving, setSaving] = useState(false);
  const saved = priorities.data?.order ?? [];
  const order: readonly PriorityStream[] = draft ?? saved;
  const changed =
    draft !== null && (draft.length !== saved.length || draft.some((s, i) => !sameStream(s, saved[i]!)));

  const move = (index: number, by: -1 | 1) => setDraft(moveStream(order, index, by));

  const save = async () => {
    setSaving(true);
    try {
      const result = await savePriorities(type, order);
      queryClient.setQueryData(prioritiesKey(type), result);
      setDraft(null);
      onFeedback({ severity: 'success', text: t('feedback.saved') });
      // The metric's daily totals were re-merged: the dashboard's numbers and charts refetch.
      void queryClient.invalidateQueries({ queryKey: metricsKeys.all });
    } catch {
      onFeedback({ severity: 'error', text: t('priority.saveFailed') });
    } finally {
      setSaving(false);
    }
  };

  if (priorities.isPending)
    return <CircularProgress aria-label={t('priority.loadingSources', { label })} size={24} />;
  if (priorities.isError) return <Alert severity="error">{t('priority.sourcesFailed', { label })}</Alert>;

  return (
    <>
      <List dense disablePadding component="ol" aria-label={t('priority.listLabel', { label })}>
        {order.map((stream, index) => {
          const name = streamName(stream);
          return (
            <ListItem
              key={name}
              disableGutters
              divider
              secondaryAction={
                <>
                  <IconButton
                    aria-label={t('priority.moveUp', { name })}
                    disabled={index === 0 || saving}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUpward />
                  </IconButton>
                  <IconButton
                    aria-label={t('priority.moveDown', { name })}
                    disabled={index === order.length - 1 || saving}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDownward />
                  </IconButton>
                </>
              }
              sx={{ pr: 12 }}
            >
              <ListItemText
                primary={`${index + 1}. ${stream.source}`}
                secondary={stream.device ?? undefined}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          );
        })}
      </List>
      <div>
        <Button variant="contained" disabled={!changed || saving} onClick={() => void save()}>
          {t('priority.save')}
        </Button>
      </div>
    </>
  );
}
