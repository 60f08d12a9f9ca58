import { useEffect } from 'react';
import { changeLanguage, isLanguage } from './index';

/** Follows the signed-in person's chosen language (their settings' `preferences.language`). */
export function useFollowLanguage(language: string | undefined): void {
  useEffect(() => {
    if (isLanguage(language)) void changeLanguage(language);
  }, [language]);
}
