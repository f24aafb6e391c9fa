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
 * `mockError(code, details)` is sent in the form the tool declares the code in (its output schema's
 * error envelope, else an `isError` payload); `mockError.uncoded(message)` and
 * `mockError.unknown(code, message)` answer the errors no tool declares. `createMockClient` answers
 * the same way in process; a generated mock.ts (config `mock: true`) types it as `create<Name>Mock`.
 */
export {
  createMockClient,
  type MockClient,
  type MockClientOptions,
  type MockToolDefinition,
} from './client.js';

export { mockError, type MockIsErrorDetails } from './mock-error.js';

export type {
  MockCallContext,
  MockCallToolResult,
  MockHandler,
  MockHandlers,
} from './handler-types.js';
