import { Secret, TOTP } from 'otpauth';
import type { Page } from '@playwright/test';
import { expect, isolatedTest, test } from './fixtures';
import { LoginPage } from './pages';

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
function totpCode(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

/** Ends the browser's session the way closing it on a shared computer would (the server session stays). */
/**
 * A browser that forgot its session, as after signing out elsewhere. The app is unloaded first: a signed-in
 * page that notices its session gone navigates to /login itself, and that navigation interrupted the test's
 * own (`page.goto: net::ERR_ABORTED`) when the machine was busy.
 */
async function forgetSession(page: Page): Promise<void> {
  await page.evaluate(() => window.localStorage.removeItem('healthfolio.session'));
  await page.goto('about:blank');
}

test.describe('multi-factor sign-in', () => {
  // Several sign-ins and page loads each: the Settings page alone took 25 s on a loaded 2-core machine.
  test.beforeEach(() => test.setTimeout(180_000));

  test('sets up an authenticator app in Settings, then signs in with a code and with a recovery code', async ({
    signedInPage: page,
    user,
  }) => {
    await page.goto('/settings');
    const security = page.getByRole('region', { name: 'Security', exact: true });
    await expect(security.getByTestId('totp-status')).toHaveText(
      'Off. Sign-in asks only for your password.',
      {
        timeout: 60_000,
      },
    );
    await security.getByRole('button', { name: 'Set up authenticator app' }).click();
    await expect(security.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await security.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await security.getByLabel('Code from the app').fill(totpCode(secret));
    await security.getByRole('button', { name: 'Turn on' }).click();

    // allTextContents does not wait: the codes are read once the server's answer has put all ten on screen.
    const recoveryCodes = security.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(recoveryCodes).toHaveCount(10);
    const codes = await recoveryCodes.allTextContents();
    await security.getByRole('button', { name: 'I’ve saved them' }).click();
    await expect(security.getByTestId('totp-status')).toHaveText('On. 10 recovery codes left.');

    // The password alone no longer signs in: the code of the next step does (this step's was used).
    await forgetSession(page);
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(user.email, user.password);
    await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible({
      timeout: 30_000,
    });
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'That code is not right. Check your authenticator app and try again.',
    );
    await page.getByLabel('Authentication code').fill(totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

    // A recovery code instead, once.
    await forgetSession(page);
    await login.goto();
    await login.signIn(user.email, user.password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await page.goto('/settings');
    await expect(
      page.getByRole('region', { name: 'Security', exact: true }).getByTestId('totp-status'),
    ).toHaveText('On. 9 recovery codes left.', { timeout: 60_000 });
  });

  // The virtual authenticator lives on in the tab after its CDP session: this test has a context of its own.
  isolatedTest(
    'registers a passkey in a virtual authenticator and signs in with it alone',
    async ({ signedInPage: page, baseURL }) => {
      // Browsers refuse IP addresses as WebAuthn RP IDs: the passkey lives on localhost (see relyingParty).
      const origin = baseURL!.replace('127.0.0.1', 'localhost');
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });

      await page.goto(`${origin}/settings`);
      const security = page.getByRole('region', { name: 'Security', exact: true });
      await expect(security.getByText('No passkeys yet.')).toBeVisible({ timeout: 60_000 });
      await security.getByLabel('Name for the new passkey (optional)').fill('Work laptop');
      await security.getByRole('button', { name: 'Add a passkey' }).click();
      const passkeys = security.getByRole('list', { name: 'Your passkeys' });
      await expect(passkeys.getByRole('listitem')).toHaveCount(1);
      await expect(passkeys.getByText('Work laptop')).toBeVisible();

      await forgetSession(page);
      await page.goto(`${origin}/login`);
      await page.getByRole('button', { name: 'Continue with a passkey' }).click();
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
      await page.goto(`${origin}/settings`);
      await expect(
        page.getByRole('region', { name: 'Security', exact: true }).getByText(/last used/),
      ).toBeVisible({ timeout: 60_000 });
    },
  );
});
