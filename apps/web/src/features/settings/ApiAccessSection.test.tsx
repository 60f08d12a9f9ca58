// @vitest-environment jsdom
import type { ApiToken } from '@healthfolio/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '../../test/app-test-utils';
import { apiData, apiError, inTurn, onApi } from '../../test/msw';
import { ApiAccessSection } from './ApiAccessSection';

const TOKEN = 'hf_pat_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const listed: ApiToken = {
  id: 't1',
  name: 'Weight notebook',
  scopes: ['metrics:read', 'labs:read'],
  hint: 'hf_pat_0123',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: '2026-11-22T09:15:00.000Z',
};

function renderSection() {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <ApiAccessSection />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'API access' });
}

// MUI forms take a few seconds on a loaded 2-core machine; the limit catches a hang.
const SLOW = { timeout: 20_000 };

describe('ApiAccessSection', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it(
    'says what an assistant can see, creates a token with the ticked scopes and shows it once with a copy button',
    SLOW,
    async () => {
      const user = userEvent.setup();
      const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
      onApi('get', '/api/tokens', inTurn([], [{ ...listed, lastUsedAt: null }]));
      const created = onApi('post', '/api/tokens', apiData({ id: 't1', token: TOKEN }, 201));
      const section = renderSection();
      expect(within(section).getByText('What an AI assistant can see')).toBeTruthy();
      expect(await within(section).findByText('No API tokens yet.')).toBeTruthy();

      fireEvent.change(within(section).getByLabelText(/Token name/), {
        target: { value: 'Weight notebook' },
      });
      await user.click(within(section).getByLabelText('Read lab results'));
      await user.click(within(section).getByRole('button', { name: 'Create token' }));

      await waitFor(() =>
        expect(created.map(({ body }) => body)).toEqual([
          {
            name: 'Weight notebook',
            scopes: ['metrics:read', 'labs:read'],
            expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          },
        ]),
      );
      expect((await within(section).findByLabelText('New API token')).textContent).toBe(TOKEN);
      await user.click(within(section).getByRole('button', { name: 'Copy token' }));
      expect(writeText).toHaveBeenCalledWith(TOKEN);
      expect(await within(section).findByText('Copied to the clipboard.')).toBeTruthy();
      const item = await within(section).findByRole('article', { name: 'API token Weight notebook' });
      expect(within(item).getByText(/never expires · never used/)).toBeTruthy();
    },
  );

  it('lists tokens with their scopes and last use, and revokes one', SLOW, async () => {
    const user = userEvent.setup();
    onApi('get', '/api/tokens', inTurn([listed], []));
    const revoked = onApi('delete', '/api/tokens/:id', { id: 't1', revoked: true });
    const section = renderSection();
    const item = await within(section).findByRole('article', { name: 'API token Weight notebook' });
    expect(within(item).getByText('Read metrics and the summary · Read lab results')).toBeTruthy();
    expect(within(item).getByText(/last used/)).toBeTruthy();
    await user.click(within(item).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(revoked.map(({ path }) => path)).toEqual(['/api/tokens/t1']));
    expect(await within(section).findByText('No API tokens yet.')).toBeTruthy();
  });

  it(
    'says in a sentence why a token was not made when the person did not confirm it was them',
    SLOW,
    async () => {
      const user = userEvent.setup();
      onApi('get', '/api/tokens', []);
      onApi('post', '/api/tokens', apiError(403, 'auth/step-up-required', 'Please confirm it’s you.'));
      const section = renderSection();
      fireEvent.change(within(section).getByLabelText(/Token name/), { target: { value: 'Assistant' } });
      await user.click(within(section).getByRole('button', { name: 'Create token' }));
      expect(
        await within(section).findByText(
          'Creating a token needs you to confirm it’s you. Try again and confirm with your code or password.',
        ),
      ).toBeTruthy();
    },
  );
});
