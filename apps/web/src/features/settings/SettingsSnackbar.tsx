import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { SettingsFeedback } from './use-settings-saver';

/** "Saved" after each change, or why it was not. */
export function SettingsSnackbar({
  feedback,
  onClose,
}: {
  feedback: SettingsFeedback | null;
  onClose: () => void;
}) {
  return (
    <Snackbar
      open={feedback !== null}
      autoHideDuration={feedback?.severity === 'error' ? 6000 : 2500}
      onClose={(_, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={feedback?.severity ?? 'success'}
        variant="filled"
        role={feedback?.severity === 'error' ? 'alert' : 'status'}
        onClose={onClose}
        sx={{ width: '100%' }}
      >
        {feedback?.text}
      </Alert>
    </Snackbar>
  );
}
