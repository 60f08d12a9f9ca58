import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../features/auth';
import { useDocumentTitle } from '../features/layout';

/** Diagnostics: what the app currently believes about the session. */
export function AuthTestPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('authTest.documentTitle'));
  const { isAuthenticated, isLoading, user, profile } = useAuth();
  const rows: [string, string][] = [
    ['isAuthenticated', String(isAuthenticated)],
    ['isLoading', String(isLoading)],
    [t('authTest.email'), user?.email ?? '—'],
    [t('authTest.id'), user?.id ?? '—'],
    [t('authTest.verified'), profile ? String(profile.emailVerified) : '—'],
  ];
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('authTest.title')}
      </Typography>
      <Paper variant="outlined">
        <Table size="small" aria-label={t('authTest.state')}>
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
