// @vitest-environment jsdom
import { startAuthentication } from '@simplewebauthn/browser';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onApi } from '../../../test/msw';
import { StepUpDialog } from './StepUpDialog';
import { setStepUpPrompt } from './step-up';

// What the server answers comes from MSW (test/msw.ts); the browser's WebAuthn ceremony is replaced here.
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }));
// The prompt the dialog registers is what a sensitive call's 403 would call (step-up.ts).
vi.mock('./step-up', () => ({ installStepUp: vi.fn(), setStepUpPrompt: vi.fn() }));

const SLOW = { timeout: 20_000 };
const OPTIONS = {
  challenge: 'c2lnbi1tZQ',
  rpId: 'localhost',
  allowCredentials: [{ id: 'cred-1', type: 'public-key' }],
};
const ANSWER = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: {},
  clientExtensionResults: {},
};

/**
 * Mounts the dialog and asks it, as a 403 `auth/step-up-required` would; the answer's promise, wrapped
 * (an async function returning it bare would wait for it).
 */
async function ask(status: { totp: boolean; passkeys: number }) {
  onApi('get', '/api/identity/mfa', { ...status, recoveryCodesLeft: 0, required: false });
  render(<StepUpDialog />);
  const prompt = vi.mocked(setStepUpPrompt).mock.calls.at(-1)![0]!;
  let answer!: Promise<boolean>;
  await act(async () => {
    answer = prompt();
  });
  await screen.findByRole('dialog', { name: 'Confirm it’s you' });
  return { answer };
}

describe('StepUpDialog', () => {
  afterEach(() => {
    cleanup();
    vi.mocked(startAuthentication).mockReset();
  });

  it('confirms with a passkey when the account has one, and the call goes on', SLOW, async () => {
    const user = userEvent.setup();
    const options = onApi('post', '/api/identity/mfa/step-up/webauthn/options', OPTIONS);
    const verify = onApi('post', '/api/identity/mfa/step-up/webauthn/verify', {
      freshUntil: '2026-11-26T18:05:00.000Z',
    });
    vi.mocked(startAuthentication).mockResolvedValue(ANSWER as never);
    const { answer } = await ask({ totp: false, passkeys: 1 });
    expect(screen.getByText('For your security, enter your password to continue.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Use a passkey instead' }));
    await expect(answer).resolves.toBe(true);
    expect([...options, ...verify].map(({ path, body }) => [path, body])).toEqual([
      ['/api/identity/mfa/step-up/webauthn/options', undefined],
      ['/api/identity/mfa/step-up/webauthn/verify', { response: ANSWER }],
    ]);
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
  });

  it(
    'says so in a sentence when the passkey request is cancelled, and offers no passkey without one',
    SLOW,
    async () => {
      const user = userEvent.setup();
      onApi('post', '/api/identity/mfa/step-up/webauthn/options', OPTIONS);
      vi.mocked(startAuthentication).mockRejectedValue(
        Object.assign(new Error('x'), { name: 'NotAllowedError' }),
      );
      await ask({ totp: true, passkeys: 2 });
      await user.click(screen.getByRole('button', { name: 'Use a passkey instead' }));
      expect(
        await screen.findByText('The passkey request was cancelled or timed out. Please try again.'),
      ).toBeTruthy();
      expect(screen.getByRole('dialog', { name: 'Confirm it’s you' })).toBeTruthy();
      cleanup();

      await ask({ totp: true, passkeys: 0 });
      expect(screen.queryByRole('button', { name: 'Use a passkey instead' })).toBeNull();
      expect(screen.getByLabelText(/Code/)).toBeTruthy();
    },
  );
});
