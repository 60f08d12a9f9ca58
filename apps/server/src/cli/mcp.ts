import { parseArgs } from 'node:util';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { isJSONRPCRequest, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * `npm run mcp -- --token hf_pat_… [--url http://localhost:8080]`: the MCP server on stdio, for desktop
 * assistants that start a command. It relays every message to a running server's `/api/mcp`, so the
 * token is checked, scoped, rate-limited and audited there exactly as over HTTP, and the tools are the
 * very same. The token may come from HEALTHFOLIO_TOKEN instead (kept out of the process list).
 * stdout carries only MCP messages; anything else goes to stderr.
 */
const { values } = parseArgs({
  options: { token: { type: 'string' }, url: { type: 'string' } },
  allowPositionals: false,
});
const token = values.token ?? process.env.HEALTHFOLIO_TOKEN;
const base =
  values.url ??
  process.env.HEALTHFOLIO_URL ??
  process.env.PUBLIC_URL ??
  `http://127.0.0.1:${process.env.PORT ?? '8080'}`;

if (!token) {
  process.stderr.write(
    'Give a personal access token with the mcp scope: npm run mcp -- --token hf_pat_… (or HEALTHFOLIO_TOKEN).\n',
  );
  process.exit(1);
}

const remote = new StreamableHTTPClientTransport(new URL('/api/mcp', base), {
  requestInit: { headers: { authorization: `Bearer ${token}` } },
});
const local = new StdioServerTransport();

/** A request the server refused (401, 403, down) still gets an answer, so the assistant can say why. */
function refuse(message: JSONRPCMessage, error: unknown) {
  const text = error instanceof Error ? error.message : String(error);
  process.stderr.write(`healthfolio mcp: ${text}\n`);
  if (!isJSONRPCRequest(message)) return;
  void local.send({
    jsonrpc: '2.0',
    id: message.id,
    error: { code: -32001, message: `Healthfolio at ${base} refused the request: ${text}` },
  });
}

local.onmessage = (message) => {
  remote.send(message).catch((error: unknown) => refuse(message, error));
};
remote.onmessage = (message) => {
  void local.send(message);
};
remote.onerror = (error) => process.stderr.write(`healthfolio mcp: ${error.message}\n`);
local.onclose = () => {
  void remote.close();
};

await remote.start();
await local.start();
