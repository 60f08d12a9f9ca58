import type { EhrEndpoint } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, toApiError } from '../../lib/api';
import { TextInput } from '../forms/TextInput';
import type { ConnectDialogProps } from './connect-dialogs';
import { useSourceActions } from './queries';
import { openConsentPage } from './consent-page';

/** One SMART on FHIR endpoint of the server's directory; `fhirBaseUrl` is null for the sandbox EHR. */
export type { EhrEndpoint } from '@healthfolio/core';

export const SANDBOX_ENDPOINT_ID = 'sandbox';

export const fetchEhrEndpoints = (signal?: AbortSignal) =>
  api.get('/api/integrations/ehr/endpoints', { signal }).then((d) => d.items);

/** Endpoints whose name or address holds every word of `search` (any case). */
export function matchEndpoints(items: readonly EhrEndpoint[], search: string): EhrEndpoint[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return items.filter((e) => {
    const text = `${e.name} ${e.fhirBaseUrl ?? ''}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/**
 * "Other health record": the person finds their health system in the server's SMART on FHIR directory,
 * chooses it and goes to its sign-in and consent page; the sandbox EHR is listed when the server has it.
 */
export function EhrEndpointDialog({ source, sandbox, onClose }: ConnectDialogProps) {
  const { t } = useTranslation('sources');
  const titleId = useId();
  const actions = useSourceActions(source.kind);
  const endpoints = useQuery({
    queryKey: ['ehr-endpoints'],
    queryFn: ({ signal }) => fetchEhrEndpoints(signal),
  });
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(sandbox ? SANDBOX_ENDPOINT_ID : null);
  const [error, setError] = useState<string | null>(null);
  const shown = useMemo(() => matchEndpoints(endpoints.data ?? [], search), [endpoints.data, search]);
  const pending = actions.pending === 'connect';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setError(t('ehr.choose'));
      return;
    }
    setError(null);
    actions.connect({ endpoint: chosen }).then(
      (result) => {
        if (result.authorizationUrl) openConsentPage(result.authorizationUrl);
      },
      (e: unknown) => setError(toApiError(e).message),
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('ehr.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('ehr.body')}</DialogContentText>
            <TextInput label={t('ehr.search')} autoFocus value={search} onChange={setSearch} />
            {endpoints.isPending && <CircularProgress size={24} aria-label={t('ehr.loading')} />}
            {endpoints.isError && <Alert severity="error">{t('ehr.loadError')}</Alert>}
            {endpoints.isSuccess && shown.length === 0 && (
              <Typography color="text.secondary">{t('ehr.noMatch', { search })}</Typography>
            )}
            {shown.length > 0 && (
              <RadioGroup
                aria-label={t('ehr.list')}
                value={chosen ?? ''}
                onChange={(_event, value) => setChosen(value)}
                sx={{ maxHeight: 320, overflowY: 'auto', flexWrap: 'nowrap' }}
              >
                {shown.map((e) => (
                  <FormControlLabel
                    key={e.id}
                    value={e.id}
                    control={<Radio />}
                    label={
                      <span>
                        {e.name}
                        {e.id === SANDBOX_ENDPOINT_ID ? ` ${t('ehr.sandbox')}` : ''}
                        <Typography
                          component="span"
                          variant="body2"
                          color="text.secondary"
                          sx={{ display: 'block' }}
                        >
                          {e.fhirBaseUrl ?? t('ehr.sandboxPatients')}
                        </Typography>
                      </span>
                    }
                  />
                ))}
              </RadioGroup>
            )}
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={pending || !chosen}>
            {pending ? t('ehr.opening') : t('card.connect')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
