/**
 * `mcp-codegen/mock`: what a handler module for `mcp-codegen mock --handlers <file>` imports. It
 * loads nothing (no SDK, no schema library), so a test file that imports it starts fast.
 *
 *   import { mockError, type MockHandlers } from 'mcp-codegen/mock';
 *   export default {
 *     getForecast: ({ city }) => ({ city, highs: [21, 23] }),   // the tool's output object
 *     set_alert: () => mockError('unknown_city', { city: 'Atlantis' }),
 *   } satisfies MockHandlers;
 *
 * Keys are the generated client's method names (`getForecast`) or the tools' own names
 * (`get_forecast`); a handler gets the arguments, already checked against the tool's inputSchema.
 * `createMockClient` answers the same way in process; a generated mock.ts (config `mock: true`)
 * types it as `create<Name>Mock`.
 */
import type { MockCallToolResult } from './handler-types.js';

export {
  createMockClient,
  type MockClient,
  type MockClientOptions,
  type MockToolDefinition,
} from './client.js';

export type {
  MockCallContext,
  MockCallToolResult,
  MockHandler,
  MockHandlers,
} from './handler-types.js';
/**
 * A coded error, as a server that follows the narrow-contract guidance sends one: an `isError`
 * result whose text is `{ code, message, ...details }`. The generated client reads it as
 * `{ ok: false, error: { code, message, details } }`.
 */
export function mockError(
  code: string,
  details: { message?: string; retryable?: boolean; [key: string]: unknown } = {},
): MockCallToolResult {
  const payload = { code, message: `mock error: ${code}`, ...details };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(payload) }] };
}
