import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsFixture, type MetricsFixture } from '../metrics/helpers';

describe('a sandbox consent page', () => {
  let f: MetricsFixture;
  beforeAll(async () => {
    f = await metricsFixture('sqlite');
  });
  afterAll(() => f.t.close());

  it('looks like the app and says it is a sandbox, before Allow and Deny', async () => {
    const res = await f.t.app.inject({
      method: 'POST',
      url: '/api/integrations/oura/connect',
      headers: f.ada.auth,
      payload: { sandbox: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const consent = new URL(res.json().data.authorizationUrl as string);
    const page = await f.t.app.inject({ method: 'GET', url: `${consent.pathname}${consent.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const html = page.body;
    expect(html).toContain('<h1>Oura <small>(Sandbox)</small></h1>');
    expect(html).toContain(
      '<strong>Sandbox</strong> This is a test provider on your Healthfolio server, not Oura: it shares generated data only, never a real account.',
    );
    // The app's teal (its AA shade for the button's fill) and 8 px corners, light and dark.
    expect(html).toContain('--primary:#1E756F');
    expect(html).toContain('--primary:#4ECDC4');
    expect(html).toContain('border-radius:8px');
    expect(html).toMatch(
      /<button type="submit" name="decision" value="allow" class="primary">Allow<\/button>/,
    );
    expect(html).toContain('value="deny">Deny</button>');
  });
});
