// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DisconnectDialog } from './DisconnectDialog';
import { connectedOura } from './test-utils';

const now = Date.now();

function renderDialog(sandbox: boolean) {
  const source = connectedOura(now, { sandbox });
  const onDisconnect = vi.fn().mockResolvedValue({ source, deletedSamples: 0, revoked: true });
  render(
    <DisconnectDialog
      source={source}
      pending={false}
      onDisconnect={onDisconnect}
      onClose={() => {}}
      onDisconnected={() => {}}
    />,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Disconnect Oura?' }), onDisconnect };
}

describe('DisconnectDialog', () => {
  afterEach(cleanup);

  it('deletes a sandbox connection’s generated data unless asked to keep it, and says so', async () => {
    const user = userEvent.setup();
    const { dialog, onDisconnect } = renderDialog(true);
    expect(dialog.textContent).toContain(
      'Its data is generated test data, so it is deleted unless you keep it. Your own Oura files stay either way.',
    );
    expect(within(dialog).getByRole('radio', { name: 'Delete everything Oura brought' })).toHaveProperty(
      'checked',
      true,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(onDisconnect).toHaveBeenCalledWith(true);
  });

  it('keeps a real connection’s data unless asked to delete it', async () => {
    const user = userEvent.setup();
    const { dialog, onDisconnect } = renderDialog(false);
    expect(dialog.textContent).not.toContain('generated test data');
    expect(within(dialog).getByRole('radio', { name: 'Keep its data' })).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(onDisconnect).toHaveBeenCalledWith(false);
  });
});
