import fs from 'node:fs/promises';
import { GoalsPage, SettingsPage, SourcesPage } from './pages';
import { clientAddress, expect, login, newPersona, test, toStoredSession } from './fixtures';

const importTimeout = 30_000;

test.describe('moving one’s data to another account', () => {
  test('"Export my data" then importing the file into a new account brings the readings and the goal; a second import adds nothing', async ({
    signedInPage: page,
    request,
    user,
    browser,
  }) => {
    test.setTimeout(90_000);
    // Set-up: three weighings typed in and a goal (what is tested is the export and the import).
    const { accessToken } = await login(request, user);
    const auth = { authorization: `Bearer ${accessToken}` };
    for (const [day, kg] of [
      ['2026-11-17', 61.8],
      ['2026-11-18', 61.5],
      ['2026-11-19', 61.2],
    ] as const) {
      const res = await request.post('/api/metrics', {
        data: { type: 'weight', value: kg, unit: 'kg', start: `${day}T07:30:00+01:00` },
        headers: auth,
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    const goal = await request.post('/api/goals', {
      data: { metric: 'steps', target: 9000, direction: 'at_least', period: 'daily', title: 'Walk to work' },
      headers: auth,
    });
    expect(goal.status(), await goal.text()).toBe(201);

    const settings = new SettingsPage(page);
    await settings.goto();
    const download = await settings.exportData('JSON');
    const file = `${test.info().outputPath('export')}.json`;
    await fs.copyFile(await download.path(), file);

    // Someone new: their own account, in their own browser.
    const newcomer = newPersona('Ada Byron');
    const signup = await request.post('/api/identity/signup', { data: newcomer, headers: clientAddress() });
    expect(signup.status(), await signup.text()).toBe(201);
    const context = await browser.newContext();
    const session = await login(request, newcomer);
    await context.addInitScript(
      (stored) => {
        if (!window.sessionStorage.getItem('e2e.seeded')) {
          window.localStorage.setItem('healthfolio.session', stored);
          window.sessionStorage.setItem('e2e.seeded', '1');
        }
      },
      JSON.stringify(toStoredSession(session)),
    );
    const other = await context.newPage();
    try {
      const sources = new SourcesPage(other);
      await sources.goto();
      await sources.choose(file);
      await expect(sources.result).toHaveText('Imported: 3 added, 0 already there, 0 rejected', {
        timeout: importTimeout,
      });
      await expect(sources.historyItems.first()).toContainText('Healthfolio export');

      const goals = new GoalsPage(other);
      await goals.goto();
      await expect(goals.cards).toHaveCount(1);
      await expect(goals.main).toContainText('Walk to work');

      await sources.goto();
      await sources.choose(file);
      await expect(sources.result).toHaveText('Imported: 0 added, 3 already there, 0 rejected', {
        timeout: importTimeout,
      });
      await goals.goto();
      await expect(goals.cards).toHaveCount(1);
    } finally {
      await context.close();
    }
  });
});
