import type { UserSettingsPatch } from '@healthfolio/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useAuth } from '../auth';
import { writeProfile } from './profile-writes';

export interface SettingsFeedback {
  severity: 'success' | 'error';
  text: string;
}

export type SaveSettings = (patch: UserSettingsPatch) => Promise<void>;

export const SAVED = 'Saved';
export const SAVE_FAILED = 'Could not save your settings. Please try again.';

/** Saves settings changes and reports each outcome for the page's snackbar. */
export function useSettingsSaver() {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id;
  const [feedback, setFeedback] = useState<SettingsFeedback | null>(null);

  const save = useCallback<SaveSettings>(
    async (patch) => {
      if (!userId) return;
      try {
        await writeProfile(queryClient, userId, { settings: patch });
        setFeedback({ severity: 'success', text: SAVED });
      } catch (error) {
        console.warn('Saving settings failed', error);
        setFeedback({ severity: 'error', text: SAVE_FAILED });
      }
    },
    [queryClient, userId],
  );

  return { save, feedback, setFeedback };
}
