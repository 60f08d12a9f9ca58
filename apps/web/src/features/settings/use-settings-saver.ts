import type { UserSettingsPatch } from '@healthfolio/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth';
import { writeProfile } from './profile-writes';

export interface SettingsFeedback {
  severity: 'success' | 'error';
  text: string;
}

export type SaveSettings = (patch: UserSettingsPatch) => Promise<void>;

/** Saves settings changes and reports each outcome for the page's snackbar. */
export function useSettingsSaver() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id;
  const [feedback, setFeedback] = useState<SettingsFeedback | null>(null);

  const save = useCallback<SaveSettings>(
    async (patch) => {
      if (!userId) return;
      try {
        await writeProfile(queryClient, userId, { settings: patch });
        setFeedback({ severity: 'success', text: t('feedback.saved') });
      } catch (error) {
        console.warn('Saving settings failed', error);
        setFeedback({ severity: 'error', text: t('feedback.saveFailed') });
      }
    },
    [queryClient, userId, t],
  );

  return { save, feedback, setFeedback };
}
