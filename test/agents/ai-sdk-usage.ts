// Type-checked by test/agents-ai-sdk.test.ts under --strict: the one-line AI SDK use of the example
// client's `toolSchemas`, and misuses that must not compile (each `@ts-expect-error` fails the
// check when its line compiles).
import type { MCPClient } from '@ai-sdk/mcp';
import type { InferToolInput, InferToolOutput } from 'ai';
import {
  classifyToolOutput,
  toolSchemas,
  type GetForecastOutput,
} from '../../examples/weather/client/index.js';

// `options` is each version's ToolExecutionOptions (ai 7 adds `context`): not what this file checks.
export async function use(mcp: MCPClient, options: never): Promise<void> {
  const tools = await mcp.tools({ schemas: toolSchemas });

  type Forecast = (typeof tools)['get-forecast'];
  const input: InferToolInput<Forecast> = { city: 'paris', days: 2 };
  // @ts-expect-error `days` is a number
  const wrongInput: InferToolInput<Forecast> = { city: 'paris', days: 'two' };
  // @ts-expect-error `city` is required
  const missing: InferToolInput<Forecast> = { days: 2 };
  void [input, wrongInput, missing];

  const output = (await tools['get-forecast'].execute(input, options)) as InferToolOutput<Forecast>;
  // The output is what the server sends: the forecast or its coded envelope, told apart by `error`.
  if (!('error' in output)) output.days satisfies GetForecastOutput['days'];

  // @ts-expect-error a tool the server does not list
  void toolSchemas['get-forcast'];
  // @ts-expect-error nor does the tool set have it
  void tools['get-forcast'];

  const result = classifyToolOutput('get-forecast', output);
  if (result.ok) result.data.city satisfies string;
  else if (result.error.code === 'unknown_city') result.error.details.retryable satisfies boolean;
  // @ts-expect-error not a code get-forecast can return
  else if (result.error.code === 'alert_limit_reached') throw new Error('unreachable');

  const alert = classifyToolOutput(
    'set_alert',
    await tools.set_alert.execute({ city: 'x', thresholdC: 1 }, options),
  );
  if (!alert.ok) alert.error.code satisfies 'unknown_city' | 'alert_limit_reached' | `$${string}`;
  // @ts-expect-error classifyToolOutput takes only the server's tool names
  classifyToolOutput('nope', output);
}
