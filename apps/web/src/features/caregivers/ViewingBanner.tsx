import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useActingPerson } from './acting-person';

/** Says, above every page, whose data is on screen when it is not the own — and when access ended. */
export function ViewingBanner() {
  const { person, ownPage, switchTo, ended, dismissEnded } = useActingPerson();
  if (person && ownPage) {
    return (
      <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
        Settings are your own: everything on this page is yours. The other pages show {person.personName}’s
        data.
      </Alert>
    );
  }
  if (person) {
    return (
      <Alert
        severity="info"
        variant="outlined"
        sx={{ mb: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => switchTo(null)}>
            Back to my data
          </Button>
        }
      >
        You are viewing <strong>{person.personName}</strong>’s data as their caregiver. Settings stay your
        own.
      </Alert>
    );
  }
  if (ended) {
    return (
      <Alert severity="warning" sx={{ mb: 2 }} onClose={dismissEnded}>
        Your access to {ended}’s data has ended (revoked or past its end date). You are viewing your own data.
      </Alert>
    );
  }
  return null;
}
