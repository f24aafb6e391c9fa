/**
 * The 2026-07-28 era's `Mcp-Name` header (SEP-2243): a request whose method names one thing
 * (`tools/call` its tool, `resources/read` its URI, `prompts/get` its prompt, the task methods
 * their task) repeats that name in a header, and the server refuses the request (HTTP 400,
 * -32020) when it is missing or disagrees. SDK v2's client derives it the same way.
 */
const NAME_FIELD: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

/** The header's value for a request, or undefined when its method names nothing (or the name is absent). */
export function mcpNameHeader(method: string, params: unknown): string | undefined {
  const field = Object.hasOwn(NAME_FIELD, method) ? NAME_FIELD[method] : undefined;
  if (field === undefined || params === null || typeof params !== 'object') return undefined;
  const value = (params as Record<string, unknown>)[field];
  return typeof value === 'string' ? encodeFieldValue(value) : undefined;
}

const SENTINEL_PREFIX = '=?base64?';
const SENTINEL_SUFFIX = '?=';

/** A safe plain-ASCII field value as it is; anything else (a URI with spaces, non-ASCII, empty) as `=?base64?…?=`. */
function encodeFieldValue(value: string): string {
  const plain =
    value.length > 0 &&
    value === value.trim() &&
    !(value.startsWith(SENTINEL_PREFIX) && value.endsWith(SENTINEL_SUFFIX)) &&
    /^[\t\x20-\x7e]*$/.test(value);
  if (plain) return value;
  return `${SENTINEL_PREFIX}${Buffer.from(value, 'utf8').toString('base64')}${SENTINEL_SUFFIX}`;
}
