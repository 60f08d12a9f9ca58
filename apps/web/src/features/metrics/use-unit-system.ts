import type { UnitSystem } from '@healthfolio/core';
import { useAuth } from '../auth';

/** The profile's unit preference; every number on the dashboard follows it. */
export function useUnitSystem(): UnitSystem {
  const { profile } = useAuth();
  return profile?.settings.preferences.units === 'imperial' ? 'imperial' : 'metric';
}
