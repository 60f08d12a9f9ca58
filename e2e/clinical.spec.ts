import { AppLayout, DashboardPage, SettingsPage, SourcesPage } from './pages';
import { expect, test } from './fixtures';

const EHR = 'Other health record (SMART on FHIR)';

test.describe('clinical records (issue 8)', () => {
  test('Ada connects the sandbox EHR, sees her labs on the Dashboard and her conditions in the clinical view', async ({
    signedInPage: page,
  }) => {
    test.setTimeout(120_000);
    const sources = new SourcesPage(page);
    await sources.goto();
    await sources.card(EHR).getByRole('button', { name: 'Connect', exact: true }).click();

    // Choose the health system from the server's directory: here, the sandbox EHR mounted on the server.
    const picker = page.getByRole('dialog', { name: 'Connect your health record' });
    await picker.getByRole('textbox', { name: 'Search health systems' }).fill('sandbox');
    await picker.getByRole('radio', { name: /Healthfolio sandbox EHR/ }).check();
    await picker.getByRole('button', { name: 'Connect', exact: true }).click();

    // The sandbox's SMART consent page, found by discovery, with its patient picker.
    await page.waitForURL(/\/sandbox\/ehr\//);
    await page.getByRole('radio', { name: /Ada Lovelace/ }).check();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(/\/data-sources\?oauth=connected/);
    await expect(sources.status(EHR)).toHaveText('Connected', { timeout: 45_000 });
    await expect(sources.sandboxChip(EHR)).toBeVisible();

    // Her labs, by LOINC, on the Dashboard with their units and reference ranges: the sandbox's generated
    // labs count once she includes sandbox data.
    await new SettingsPage(page).includeSandboxData(true);
    const dashboard = new DashboardPage(page);
    await new AppLayout(page).navigateTo('Dashboard');
    const ldl = dashboard.card('LDL cholesterol');
    await expect(ldl.getByTestId('metric-value')).toHaveText(/^\d+ mg\/dL$/);
    await expect(ldl).toContainText('Reference');
    await expect(dashboard.card('HbA1c').getByTestId('metric-value')).toHaveText(/%$/);

    // Conditions, medications and allergies on the Clinical records tab, which the URL keeps.
    await dashboard.main.getByRole('tab', { name: 'Clinical records' }).click();
    await expect(page).toHaveURL(/tab=clinical/);
    const section = (title: string) => dashboard.main.getByRole('region', { name: title });
    await expect(section('Conditions')).toContainText('Asthma');
    await expect(section('Conditions')).toContainText('Acute bronchitis');
    await expect(section('Allergies')).toContainText('Allergy to penicillin');
    // One row per drug, named readably from its RxNorm coding, with its prescriptions counted.
    const albuterol = section('Medications')
      .getByRole('listitem')
      .filter({ hasText: 'Albuterol 0.09 mg per puff inhaler' });
    await expect(albuterol).toHaveCount(1);
    await expect(albuterol).toContainText(/ – now · prescribed \d+ times · 3 refills allowed each time/);
    await page.reload();
    await expect(section('Conditions')).toContainText('Asthma');
  });
});
