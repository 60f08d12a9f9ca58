import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useAuth } from '../features/auth';
import { VerificationNotice } from '../features/auth/VerificationNotice';
import { useDocumentTitle } from '../features/layout';

export function SettingsPage() {
  useDocumentTitle('Settings');
  const { profile, user } = useAuth();
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        Settings
      </Typography>
      <VerificationNotice />
      <Paper variant="outlined">
        <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
          Profile
        </Typography>
        <List>
          <ListItem>
            <ListItemText primary="Name" secondary={profile?.name || user?.name || '—'} />
          </ListItem>
          <ListItem>
            <ListItemText primary="Email" secondary={profile?.email ?? user?.email ?? '—'} />
          </ListItem>
        </List>
      </Paper>
    </>
  );
}
