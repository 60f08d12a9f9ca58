import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Consent } from './consent';

/** Asks once per browser whether page views may be counted (SPEC §9); nothing is sent before "Allow". */
export default function ConsentBanner({ onAnswer }: { onAnswer: (consent: Consent) => void }) {
  return (
    <Paper
      component="section"
      role="region"
      aria-labelledby="analytics-consent-title"
      elevation={6}
      sx={{
        position: 'fixed',
        insetInline: { xs: 8, sm: 'auto' },
        right: { sm: 16 },
        bottom: { xs: 8, sm: 16 },
        maxWidth: { sm: 440 },
        p: 2,
        zIndex: (theme) => theme.zIndex.snackbar,
      }}
    >
      <Typography id="analytics-consent-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Count page views?
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        This server’s operator would like to count which pages are opened (Google Analytics). Only the page’s
        name is sent — never your health data, never who you are. Nothing is sent unless you allow it.
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'flex-end' }}>
        <Button onClick={() => onAnswer('denied')}>No thanks</Button>
        <Button variant="contained" onClick={() => onAnswer('granted')}>
          Allow
        </Button>
      </Stack>
    </Paper>
  );
}
