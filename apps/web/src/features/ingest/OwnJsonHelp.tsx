import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { curlExample, ownJsonExample } from './ingest-text';

const pre = {
  fontFamily: 'monospace',
  fontSize: '0.75rem',
  bgcolor: 'action.hover',
  p: 1,
  borderRadius: 1,
  overflowX: 'auto',
  m: 0,
} as const;

/** Our own JSON, for exporters and scripts that are not Health Auto Export, with a curl call to try. */
export function OwnJsonHelp({ url }: { url: string | null }) {
  return (
    <Box component="section" aria-labelledby="own-json-title">
      <Typography id="own-json-title" variant="subtitle2" component="h3" gutterBottom>
        Our JSON
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        Any app or script may post this. <code>type</code> is a metric (weight, steps, heart_rate,
        blood_glucose …); <code>unit</code> may be left out for the metric’s own unit; times carry their
        offset. Send the two halves of a blood pressure as blood_pressure_systolic and
        blood_pressure_diastolic with the same <code>id</code>. Up to 50,000 samples a post.
      </Typography>
      <Box component="pre" sx={pre}>
        {ownJsonExample}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} gutterBottom>
        Try it from a computer:
      </Typography>
      <Box component="pre" sx={pre} data-testid="curl-example">
        {curlExample(url)}
      </Box>
    </Box>
  );
}
