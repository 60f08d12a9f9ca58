import { fileURLToPath } from 'node:url';
import { garminSleepFit } from '../apps/server/test/metrics/garmin-sleep-fit';
import { AppLayout, SourcesPage } from './pages';
import { expect, test } from './fixtures';

/**
 * A 20-minute run from a Forerunner's TCX: position, altitude, distance (3.6 km) and heart rate every
 * 30 s, whole minutes in each heart-rate zone (see apps/server/test/metrics/workouts.int.test.ts).
 */
const runTcx = fileURLToPath(
  new URL('../apps/server/test/metrics/fixtures/morning-run.tcx', import.meta.url),
);

/** The import runs in the background; a loaded machine may take a few seconds. */
const importTimeout = 30_000;

const DAY_MS = 86_400_000;
/** "2026-11-24T22:30:00Z" for a day `daysAgo` before today (UTC) at a clock time. */
const at = (daysAgo: number, time: string) =>
  `${new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10)}T${time}:00Z`;

test.describe('workouts and sleep', () => {
  test('a person imports a run with its track and heart rate, and sees it with its zones and route @theme', async ({
    signedInPage: page,
  }) => {
    test.setTimeout(90_000);
    const sources = new SourcesPage(page);
    await sources.goto();
    await sources.choose(runTcx);
    await expect(sources.result).toContainText('Imported:', { timeout: importTimeout });

    await new AppLayout(page).navigateTo('Workouts');
    await expect(page).toHaveURL(/\/workouts$/);
    await expect(page.getByRole('heading', { name: 'Workouts', level: 1 })).toBeVisible({ timeout: 20_000 });
    const row = page.getByTestId('workout-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Running');
    await expect(row).toContainText('20 min · 3.6 km · 250 kcal · avg 137 bpm · max 190 bpm');
    await expect(row).toContainText('Strava · Forerunner 255');

    await row.click();
    await expect(page).toHaveURL(/\/workouts\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Running', level: 1 })).toBeVisible();
    const figures = page.getByTestId('workout-figures');
    await expect(figures).toContainText('3.6 km');
    await expect(figures).toContainText('5:33 /km');
    await expect(figures).toContainText('40 m');

    const zones = page.getByTestId('workout-zones');
    await expect(zones.getByTestId('zone-1')).toContainText('95–114 bpm');
    await expect(zones.getByTestId('zone-1')).toContainText('3:00');
    await expect(zones.getByTestId('zone-2')).toContainText('5:00');
    await expect(zones.getByTestId('zone-3')).toContainText('5:00');
    await expect(zones.getByTestId('zone-4')).toContainText('3:00');
    await expect(zones.getByTestId('zone-5')).toContainText('2:00');
    await expect(zones).toContainText('Below zone 1: 2:00');
    await expect(page.getByTestId('zones-basis')).toContainText('highest heart rate in your data, 190 bpm');

    const route = page.getByTestId('workout-route');
    await expect(route).toBeVisible();
    await expect(route.locator('path')).toHaveAttribute('d', /^M[\d.]+ [\d.]+( L[\d.]+ [\d.]+){40}$/);
    await expect(page.getByTestId('workout-pace')).toBeVisible();
    await expect(page.getByTestId('workout-elevation')).toBeVisible();
  });

  test("a person imports their watch's night and sees its stages and regularity @theme", async ({
    signedInPage: page,
  }) => {
    test.setTimeout(90_000);
    const sources = new SourcesPage(page);
    await sources.goto();
    // Two Garmin sleep files: the night before yesterday, then last night but one.
    const nights: [string, [string, string][]][] = [
      [
        'sleep-a.fit',
        [
          [at(3, '23:00'), 'light'],
          [at(2, '00:30'), 'deep'],
          [at(2, '02:00'), 'rem'],
          [at(2, '03:00'), 'light'],
          [at(2, '07:00'), 'awake'],
        ],
      ],
      [
        'sleep-b.fit',
        [
          [at(2, '22:30'), 'light'],
          [at(2, '23:30'), 'deep'],
          [at(1, '01:00'), 'awake'],
          [at(1, '01:10'), 'rem'],
          [at(1, '02:00'), 'light'],
          [at(1, '06:30'), 'awake'],
        ],
      ],
    ];
    for (const [name, levels] of nights) {
      await sources.choose({ name, mimeType: 'application/octet-stream', buffer: garminSleepFit(levels) });
      await expect(sources.historyItems.first()).toContainText(name, { timeout: importTimeout });
      await expect(sources.historyItems.first()).toContainText('Imported', { timeout: importTimeout });
    }

    await page.goto('/metrics/sleep_duration');
    const section = page.getByRole('region', { name: 'Nights' });
    await expect(section).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('sleep-night-summary')).toContainText('7 h 50 min asleep');
    const hypnogram = page.getByTestId('hypnogram');
    await expect(hypnogram.locator('rect[data-stage="deep"]')).toHaveCount(1);
    await expect(hypnogram.locator('rect[data-stage="core"]')).toHaveCount(2);
    await expect(hypnogram.locator('rect[data-stage="rem"]')).toHaveCount(1);
    await expect(hypnogram.locator('rect[data-stage="awake"]')).toHaveCount(1);
    await expect(page.getByTestId('sleep-stage-totals')).toHaveText(
      'Deep 1 h 30 min · Core (light) 5 h 30 min · REM 50 min · Awake 10 min',
    );
    await expect(page.getByTestId('sleep-consistency')).toContainText('On average 7 h 55 min asleep');

    await section.getByRole('button', { name: 'Earlier night' }).click();
    await expect(page.getByTestId('sleep-night-summary')).toContainText('8 h asleep');
    await expect(page.getByTestId('sleep-stage-totals')).toHaveText(
      'Deep 1 h 30 min · Core (light) 5 h 30 min · REM 1 h · Awake 0 min',
    );
  });
});
