import type { OnboardingStatus, UserSettings, UserSettingsPatch } from '@healthfolio/core';
import type { Mfa } from '../../identity/mfa';
import type { OnboardingRepository } from './onboarding.repository';

/** The first-run checklist of a new account (issue 22), every tick derived from what the server holds. */
export class OnboardingService {
  constructor(
    private readonly repo: OnboardingRepository,
    private readonly mfa: Pick<Mfa, 'methods'>,
    private readonly settings: (userId: string) => Promise<UserSettings>,
  ) {}

  async status(userId: string): Promise<OnboardingStatus> {
    const [source, goal, factors, settings] = await Promise.all([
      this.repo.hasSource(userId),
      this.repo.hasGoal(userId),
      this.mfa.methods(userId),
      this.settings(userId),
    ]);
    const steps: OnboardingStatus['steps'] = [
      { key: 'source', done: source },
      { key: 'preferences', done: settings.preferences.unitsChosen },
      { key: 'goal', done: goal },
      { key: 'mfa', done: factors.length > 0 },
    ];
    return {
      steps,
      complete: steps.every((step) => step.done),
      dismissed: settings.preferences.onboardingDismissed,
    };
  }
}

/**
 * Whether a settings save is the person choosing their units or time zone: it names the units, or a time
 * zone while one was already stored. The web app stores the browser's zone by itself once, when none is
 * set — that first fill is not a choice the person made.
 */
export function choosesUnits(before: UserSettings, patch: UserSettingsPatch): boolean {
  const preferences = patch.preferences;
  if (!preferences) return false;
  if (preferences.units !== undefined) return true;
  return preferences.timeZone !== undefined && before.preferences.timeZone !== undefined;
}
