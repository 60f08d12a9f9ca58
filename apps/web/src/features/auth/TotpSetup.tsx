import type { RecoveryCodes, TotpEnrollment } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../lib/api';
import { TextInput } from '../forms/TextInput';
import { confirmTotp, enrollTotp } from './mfa-api';

/**
 * Setting up an authenticator app: the QR code (and the key to type in by hand), then the first code
 * from the app, then the ten recovery codes — shown this once. `challenge`: the enrolment a sign-in
 * under REQUIRE_MFA asks for; otherwise the signed-in user.
 */
export function TotpSetup({
  challenge,
  onDone,
  onCancel,
}: {
  challenge?: string;
  onDone: (result: RecoveryCodes) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('auth');
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<RecoveryCodes | null>(null);

  useEffect(() => {
    let cancelled = false;
    enrollTotp(challenge).then(
      (answer) => !cancelled && setEnrollment(answer),
      (caught: unknown) => !cancelled && setError(apiErrorMessage(caught, t)),
    );
    return () => {
      cancelled = true;
    };
  }, [challenge, t]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      setResult(await confirmTotp(code.trim(), challenge));
    } catch (caught) {
      setError(apiErrorMessage(caught, t));
    } finally {
      setBusy(false);
    }
  };

  if (result) return <RecoveryCodesPanel codes={result.recoveryCodes} onDone={() => onDone(result)} />;
  if (!enrollment) {
    return error ? (
      <Stack spacing={2}>
        <Alert severity="error">{error}</Alert>
        {onCancel && <Button onClick={onCancel}>{t('common:actions.back')}</Button>}
      </Stack>
    ) : (
      <CircularProgress aria-label={t('totp.preparing')} />
    );
  }
  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
      <Typography variant="body2">{t('totp.scan')}</Typography>
      <Box
        component="img"
        src={enrollment.qrCode}
        alt={t('totp.qrAlt')}
        sx={{ width: 200, height: 200, alignSelf: 'center', bgcolor: '#fff', p: 1, borderRadius: 1 }}
      />
      <Typography variant="body2" color="text.secondary">
        {t('totp.manualKey')}{' '}
        <Box
          component="code"
          data-testid="totp-secret"
          sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }}
        >
          {enrollment.secret}
        </Box>
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      <TextInput
        label={t('totp.code')}
        value={code}
        onChange={setCode}
        autoComplete="one-time-code"
        required
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {onCancel && <Button onClick={onCancel}>{t('common:actions.cancel')}</Button>}
        <Button type="submit" variant="contained" disabled={busy || code.trim().length === 0}>
          {t('totp.turnOn')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The recovery codes, shown once: each signs in once when the authenticator app is not at hand. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{t('totp.saveCodes')}</Alert>
      <Box
        component="ul"
        aria-label={t('totp.recoveryCodes')}
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(5, 1fr)' },
          gap: 1,
          listStyle: 'none',
          p: 0,
          m: 0,
          fontFamily: 'monospace',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))}>
          {t('common:actions.copy')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {t('totp.saved')}
        </Button>
      </Stack>
    </Stack>
  );
}
