import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Trans, useTranslation } from 'react-i18next';
import { useActingPerson } from './acting-person';

/** Says, above every page, whose data is on screen when it is not the own — and when access ended. */
export function ViewingBanner() {
  // Above every page: its words load beside it rather than suspending the whole shell.
  const { t, ready } = useTranslation('caregivers', { useSuspense: false });
  const { person, ownPage, switchTo, ended, dismissEnded } = useActingPerson();
  if (!ready) return null;
  if (person && ownPage) {
    return (
      <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
        {t('banner.ownPage', { name: person.personName })}
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
            {t('banner.back')}
          </Button>
        }
      >
        <Trans
          t={t}
          i18nKey="banner.viewing"
          values={{ name: person.personName }}
          components={{ strong: <strong /> }}
        />
      </Alert>
    );
  }
  if (ended) {
    return (
      <Alert severity="warning" sx={{ mb: 2 }} onClose={dismissEnded}>
        {t('banner.ended', { name: ended })}
      </Alert>
    );
  }
  return null;
}
