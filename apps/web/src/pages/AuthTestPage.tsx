import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useAuth } from '../features/auth';
import { useDocumentTitle } from '../features/layout';

/** Diagnostics: what the app currently believes about the session. */
export function AuthTestPage() {
  useDocumentTitle('Auth test');
  const { isAuthenticated, isLoading, user, profile } = useAuth();
  const rows: [string, string][] = [
    ['isAuthenticated', String(isAuthenticated)],
    ['isLoading', String(isLoading)],
    ['user email', user?.email ?? '—'],
    ['user id', user?.id ?? '—'],
    ['email verified', profile ? String(profile.emailVerified) : '—'],
  ];
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Authentication test
      </Typography>
      <Paper variant="outlined">
        <Table size="small" aria-label="Authentication state">
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row">
                  {label}
                </TableCell>
                <TableCell>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </Container>
  );
}
