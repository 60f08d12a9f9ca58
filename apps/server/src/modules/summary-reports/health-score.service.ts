import { healthScore, type HealthScore } from '@healthfolio/insights';
import { type SamplesQuery, DAY_MS, localDayIn } from '../metrics';

/** Days read: the 14 recent days and the 83-day baseline before the last week, with room. */
const READ_DAYS = 100;

/** `GET /api/health-score`: the formula of packages/insights over the person's merged days and labs. */
export class HealthScoreService {
  constructor(
    private readonly samples: Pick<
      SamplesQuery,
      'timeZone' | 'language' | 'includesSandbox' | 'dailySeries' | 'labResults'
    >,
    private readonly now: () => number,
  ) {}

  async score(userId: string): Promise<HealthScore> {
    const zone = (await this.samples.timeZone(userId)) ?? 'UTC';
    const at = this.now();
    const today = localDayIn(zone, at);
    const excludeSandbox = !(await this.samples.includesSandbox(userId));
    const [series, labs, language] = await Promise.all([
      this.samples.dailySeries(userId, today - READ_DAYS, today, [
        'sleep_duration',
        'exercise_minutes',
        'steps',
        'resting_heart_rate',
        'heart_rate_variability',
      ]),
      this.samples.labResults(userId, at - 400 * DAY_MS, { excludeSandbox }),
      this.samples.language(userId),
    ]);
    // In the person's language: the parts' names and reasons are shown as they are.
    return healthScore({ today, series, labs, ...(language ? { language } : {}) });
  }
}
