// The MCP module offers other modules nothing: app.ts mounts the MCP server at /api/mcp.
export {};
