import type { ClinicalCategory, ClinicalRecord } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { toApiError } from '../../lib/api';
import { conditionDates, recordDates, recordSummary, statusChip } from './clinical-text';
import { groupMedications, medicationLine, type MedicationGroup } from './medication-groups';
import { useClinicalSection } from './queries';

interface ClinicalSectionProps {
  category: ClinicalCategory;
  count: number;
  /** Source names by kind ("epic" → "Epic"). */
  sourceNames: ReadonlyMap<string, string>;
}

/** One section of the clinical view: its count in the header, its records newest first. */
export function ClinicalSection({ category, count, sourceNames }: ClinicalSectionProps) {
  const { t } = useTranslation('clinical');
  const title = t(`section.${category}`);
  const headingId = useId();
  const records = useClinicalSection(category, count > 0);
  const items = records.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" id={headingId}>
          {title}
        </Typography>
        <Chip
          size="small"
          label={count}
          aria-label={t('records', { count, n: count.toLocaleString(currentLocale()) })}
        />
      </Stack>
      {count === 0 && <Typography color="text.secondary">{t(`none.${category}`)}</Typography>}
      {count > 0 && records.isPending && (
        <Stack spacing={1} aria-label={t(`loadingSection.${category}`)} role="progressbar">
          <Skeleton variant="text" height={32} />
          <Skeleton variant="text" height={32} />
          <Skeleton variant="text" height={32} />
        </Stack>
      )}
      {count > 0 && records.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void records.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        >
          {t('sectionError', { title, message: toApiError(records.error).message })}
        </Alert>
      )}
      {items.length > 0 && category === 'medication' && (
        <List dense disablePadding>
          {groupMedications(items).map((group) => (
            <MedicationItem key={group.key} group={group} sourceNames={sourceNames} />
          ))}
        </List>
      )}
      {items.length > 0 && category !== 'medication' && (
        <List dense disablePadding>
          {items.map((record) => (
            <RecordItem key={record.id} record={record} sourceName={sourceNames.get(record.source)} />
          ))}
        </List>
      )}
      {records.hasNextPage && (
        <Button
          size="small"
          onClick={() => void records.fetchNextPage()}
          disabled={records.isFetchingNextPage}
          sx={{ mt: 1 }}
        >
          {records.isFetchingNextPage ? t('common:status.loading') : t(`more.${category}`)}
        </Button>
      )}
    </Paper>
  );
}

/** One drug: its readable name, the span and count of its prescriptions, its dosage and sources. */
function MedicationItem({
  group,
  sourceNames,
}: {
  group: MedicationGroup;
  sourceNames: ReadonlyMap<string, string>;
}) {
  const latest = group.records[0]!;
  const summary = recordSummary(latest);
  const sources = [...new Set(group.records.map((r) => sourceNames.get(r.source) ?? r.source))].join(', ');
  const chip = group.active ? statusChip('active') : latest.status ? statusChip(latest.status) : undefined;
  return (
    <ListItem
      disableGutters
      divider
      secondaryAction={chip && <Chip size="small" variant="outlined" color={chip.color} label={chip.label} />}
      sx={{ pr: chip ? 12 : 0 }}
    >
      <ListItemText
        primary={group.name}
        secondary={
          <>
            {medicationLine(group)} · {sources}
            {summary && (
              <>
                <br />
                {summary}
              </>
            )}
          </>
        }
      />
    </ListItem>
  );
}

function RecordItem({ record, sourceName }: { record: ClinicalRecord; sourceName: string | undefined }) {
  const summary = recordSummary(record);
  const chip = record.status ? statusChip(record.status) : undefined;
  return (
    <ListItem
      disableGutters
      divider
      secondaryAction={chip && <Chip size="small" variant="outlined" color={chip.color} label={chip.label} />}
      sx={{ pr: chip ? 12 : 0 }}
    >
      <ListItemText
        primary={record.display}
        secondary={
          <>
            {record.category === 'condition' ? conditionDates(record) : recordDates(record)} ·{' '}
            {sourceName ?? record.source}
            {summary && (
              <>
                <br />
                {summary}
              </>
            )}
          </>
        }
      />
    </ListItem>
  );
}
