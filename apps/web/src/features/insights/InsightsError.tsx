import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { toApiError } from '../../lib/api';

/** The API's own message, and a way to try again. */
export function InsightsError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      <AlertTitle>Your insights could not be loaded</AlertTitle>
      {toApiError(error).message}
    </Alert>
  );
}
