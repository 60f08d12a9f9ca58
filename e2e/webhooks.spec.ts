import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { SettingsPage } from './pages';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on loopback (the e2e server runs with WEBHOOKS_ALLOW_PRIVATE), answering 200. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Standard Webhooks: base64 HMAC-SHA256 of `${id}.${timestamp}.${body}` with the secret after `whsec_`. */
function signatureOf(secret: string, m: Received): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${String(m.headers['webhook-id'])}.${String(m.headers['webhook-timestamp'])}.${m.body}`;
  return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
}

// The settings page loads a dozen sections: on a loaded machine it takes a while to settle.
test.describe.configure({ timeout: 90_000 });

test.describe('Settings → Webhooks (issue 27)', () => {
  test('adds a webhook, sends a test event and sees it delivered in the log', async ({
    signedInPage: page,
  }) => {
    const receiver = await startReceiver();
    try {
      const settings = new SettingsPage(page);
      await settings.goto();
      const section = page.getByRole('region', { name: 'Webhooks', exact: true });
      await section.getByLabel('Webhook URL').fill(receiver.url);
      await section.getByLabel('Goal achieved').check();
      await section.getByRole('button', { name: 'Add webhook' }).click();

      const secret = (await section.getByLabel('Signing secret').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);
      const item = section.getByRole('article', { name: `Webhook ${receiver.url}` });
      await expect(item.getByText('Active')).toBeVisible();
      await expect(item.getByText('Sync finished · Import finished · Goal achieved')).toBeVisible();

      await item.getByRole('button', { name: 'Send test event' }).click();
      const log = item.getByRole('list', { name: 'Delivery log' });
      await expect(log.getByText('Test event: Delivered (answered 200)')).toBeVisible();

      expect(receiver.received).toHaveLength(1);
      const message = receiver.received[0]!;
      expect(message.headers['webhook-signature']).toBe(signatureOf(secret, message));
      expect(JSON.parse(message.body)).toMatchObject({
        type: 'webhook.test',
        data: { message: 'A test event from Healthfolio.' },
      });

      await item.getByRole('button', { name: 'Delete' }).click();
      await expect(section.getByText('No webhooks yet.')).toBeVisible();
    } finally {
      await receiver.close();
    }
  });
});
