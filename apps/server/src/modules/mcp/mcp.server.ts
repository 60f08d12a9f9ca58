import { metricCatalogue } from '@healthfolio/core';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpCaller, McpServices } from './mcp-context';
import { registerMetricsTools } from './metrics.tools';
import { registerRecordsTools } from './records.tools';

/** `server.registerTool`, with every call written to the person's audit log first. */
export type Audited = McpServer['registerTool'];

/**
 * One MCP server for one caller (the HTTP endpoint is stateless: a server per request). Read-only tools
 * for every token with `mcp`; `add_measurement` only when the token also has `metrics:write`.
 */
export async function createMcpServer(services: McpServices, caller: McpCaller): Promise<McpServer> {
  // Loaded on the first MCP call: the SDK is ~30 MB resident, which a server nobody's assistant talks to
  // should not carry through a large import.
  const { McpServer } = await import('@modelcontextprotocol/sdk/server/mcp.js');
  const server = new McpServer(
    { name: 'healthfolio', version: services.version },
    {
      instructions:
        "Healthfolio holds one person's health data. Start with list_metrics; values come in the units named beside them, days are the person's local days.",
    },
  );
  const audited: Audited = (name, config, callback) =>
    server.registerTool(name, config, (async (...args: unknown[]) => {
      await services.audit(caller.identity, name);
      return (callback as (...a: unknown[]) => unknown)(...args);
    }) as typeof callback);

  registerMetricsTools(server, services, caller, audited);
  registerRecordsTools(server, services, caller, audited);

  server.registerResource(
    'profile',
    'healthfolio://profile',
    {
      title: 'Profile (non-identifying)',
      description: 'Units, time zone and language — never the name, email or birth date.',
      mimeType: 'application/json',
    },
    async (uri) => {
      await services.audit(caller.identity, 'resource:profile');
      const profile = await services.profile(caller.identity.userId);
      const { units, language } = profile.settings.preferences;
      const text = JSON.stringify({ units, timeZone: caller.tz, language });
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text }] };
    },
  );

  server.registerResource(
    'metric-catalogue',
    'healthfolio://metrics/catalogue',
    {
      title: 'Metric catalogue',
      description: 'Every metric kind Healthfolio knows: label, category, canonical unit, how days combine.',
      mimeType: 'application/json',
    },
    async (uri) => {
      await services.audit(caller.identity, 'resource:metric-catalogue');
      const text = JSON.stringify(
        metricCatalogue.map((m) => ({
          kind: m.kind,
          label: m.label,
          category: m.category,
          unit: m.unit,
          aggregation: m.aggregation,
        })),
      );
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text }] };
    },
  );
  return server;
}
