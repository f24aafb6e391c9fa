/**
 * The client capabilities of issue 48's example, in the client's shape: roots, sampling, both
 * elicitation modes, the client's tasks (what the server may ask it to run as a task;
 * `tasks.requests.tools.call` is the server's capability, not this) and the MCP Apps extension.
 */
export const ISSUE_48_CAPABILITIES = {
  roots: {},
  sampling: {},
  elicitation: { form: {}, url: {} },
  tasks: {
    list: {},
    cancel: {},
    requests: { sampling: { createMessage: {} }, elicitation: { create: {} } },
  },
  extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
};
