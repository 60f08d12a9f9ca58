import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** SPEC §2: shown while a lazily loaded page arrives. */
export function PageSpinner() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label="Loading page" />
    </Box>
  );
}
