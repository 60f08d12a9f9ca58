import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DataSource } from '@healthfolio/core';
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toApiError } from '../../lib/api';
import { useIsOperator, useSources } from './queries';
import { filterSources, formatCount, groupByCategory, isYours } from './source-text';
import { SourceCard } from './SourceCard';
import { useNow } from './use-now';

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;

/**
 * The Sources page's two parts: "Your sources" — every source with the person's data or a connection,
 * first — and "Add a source": the rest by category, searchable, compact.
 */
export function SourcesSection({ onImportInstead }: { onImportInstead: () => void }) {
  const sources = useSources();
  const operator = useIsOperator();
  const now = useNow();
  // Which part a card is in is decided when the page first has the list: a source that becomes yours
  // while the page is open stays where the person found it, so its card (and a dialog open on it, such
  // as an ingest URL shown only once) is not unmounted and remounted in the other part.
  const [firstYours, setFirstYours] = useState<ReadonlySet<string>>();
  if (sources.isSuccess && !firstYours)
    setFirstYours(new Set(sources.data.filter(isYours).map((s) => s.kind)));
  const placedYours = useCallback(
    (s: DataSource) => (firstYours ? firstYours.has(s.kind) : isYours(s)),
    [firstYours],
  );
  const yours = useMemo(() => (sources.data ?? []).filter(placedYours), [sources.data, placedYours]);
  return (
    <Stack spacing={3}>
      {sources.isSuccess && yours.length > 0 && (
        <YourSources sources={yours} now={now} operator={operator} onImportInstead={onImportInstead} />
      )}
      <AddSource
        onImportInstead={onImportInstead}
        operator={operator}
        now={now}
        hasYours={yours.length > 0}
        placedYours={placedYours}
      />
    </Stack>
  );
}

function YourSources({
  sources,
  now,
  operator,
  onImportInstead,
}: {
  sources: DataSource[];
  now: number;
  operator: boolean;
  onImportInstead: () => void;
}) {
  const { t } = useTranslation('sources');
  const headingId = useId();
  const connected = sources.filter((s) => s.status !== 'disconnected').length;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {t('yours.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('yours.intro')}{' '}
        {connected > 0 && t('yours.connected', { count: connected, n: formatCount(connected) })}
      </Typography>
      <Box sx={grid}>
        {sources.map((source) => (
          <SourceCard
            key={source.kind}
            source={source}
            now={now}
            operator={operator}
            onImportInstead={onImportInstead}
          />
        ))}
      </Box>
    </Paper>
  );
}

/** "Add a source": every source kind not yet yours, by category, searchable, each with its card. */
function AddSource({
  onImportInstead,
  operator,
  now,
  hasYours,
  placedYours,
}: {
  onImportInstead: () => void;
  operator: boolean;
  now: number;
  hasYours: boolean;
  placedYours: (source: DataSource) => boolean;
}) {
  const { t } = useTranslation('sources');
  const headingId = useId();
  const sources = useSources();
  const [search, setSearch] = useState('');
  const groups = useMemo(
    () =>
      groupByCategory(
        filterSources(
          (sources.data ?? []).filter((s) => !placedYours(s)),
          search,
        ),
      ),
    [sources.data, search, placedYours],
  );

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {hasYours ? t('add.title') : t('add.titleFirst')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        <Trans
          t={t}
          i18nKey="add.intro"
          components={{
            action: <Link component="button" type="button" variant="body1" onClick={onImportInstead} />,
          }}
        />
      </Typography>
      <TextField
        type="search"
        label={t('add.search')}
        placeholder={t('add.searchPlaceholder')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        size="small"
        fullWidth
        sx={{ mb: 3, maxWidth: 480 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined />
              </InputAdornment>
            ),
          },
        }}
      />
      {sources.isPending && (
        <Box sx={grid} aria-label={t('add.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={180} />
          ))}
        </Box>
      )}
      {sources.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void sources.refetch()}>
              {t('add.tryAgain')}
            </Button>
          }
        >
          {t('add.loadError', { message: toApiError(sources.error).message })}
        </Alert>
      )}
      {sources.isSuccess && groups.length === 0 && (
        <Typography color="text.secondary" role="status">
          {t('add.noMatch', { search: search.trim() })}
        </Typography>
      )}
      <Stack spacing={4}>
        {groups.map((group) => (
          <CategoryGroup key={group.category} label={group.label}>
            {group.sources.map((source) => (
              <SourceCard
                key={source.kind}
                source={source}
                now={now}
                operator={operator}
                compact
                onImportInstead={onImportInstead}
              />
            ))}
          </CategoryGroup>
        ))}
      </Stack>
    </Paper>
  );
}

function CategoryGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
        {label}
      </Typography>
      <Box sx={grid}>{children}</Box>
    </Box>
  );
}
