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
import { metricsKeys, useMetricsSummary } from '../metrics/queries';
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

const TITLE = 'Source priority';
const DESCRIPTION = 'Where two sources overlap, the higher one counts and the lower one only fills the gaps.';

/** Per metric, the order in which its sources count; only metrics with data are offered. */
export function SourcePrioritySection({ onFeedback }: { onFeedback: (feedback: SettingsFeedback) => void }) {
  const summary = useMetricsSummary();
  const kinds = summary.data?.items ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const type = kinds.find((kind) => kind.type === chosen)?.type ?? kinds[0]?.type;

  return (
    <SettingsSection title={TITLE} description={DESCRIPTION}>
      {summary.isPending && <CircularProgress aria-label="Loading your metrics" size={24} />}
      {summary.isError && <Alert severity="error">Could not load your metrics.</Alert>}
      {summary.isSuccess && type === undefined && (
        <Typography color="text.secondary">
          Priorities appear once a metric has data from a source.
        </Typography>
      )}
      {type !== undefined && (
        <>
          <SelectField
            label="Metric"
            value={type}
            options={kinds.map((kind) => ({ value: kind.type, label: kind.label }))}
            onChange={setChosen}
          />
          <StreamOrder
            key={type}
            type={type}
            label={kinds.find((kind) => kind.type === type)?.label ?? type}
            onFeedback={onFeedback}
          />
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
      onFeedback({ severity: 'success', text: 'Saved' });
      // The metric's daily totals were re-merged: the dashboard's numbers and charts refetch.
      void queryClient.invalidateQueries({ queryKey: metricsKeys.all });
    } catch {
      onFeedback({ severity: 'error', text: 'Could not save the order. Please try again.' });
    } finally {
      setSaving(false);
    }
  };

  if (priorities.isPending)
    return <CircularProgress aria-label={`Loading the sources of ${label}`} size={24} />;
  if (priorities.isError) return <Alert severity="error">Could not load the sources of {label}.</Alert>;

  return (
    <>
      <List dense disablePadding component="ol" aria-label={`Sources of ${label}, first wins`}>
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
                    aria-label={`Move ${name} up`}
                    disabled={index === 0 || saving}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUpward />
                  </IconButton>
                  <IconButton
                    aria-label={`Move ${name} down`}
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
          Save order
        </Button>
      </div>
    </>
  );
}
