/**
 * Per-call overhead of the generated runtime (templates/runtime.ts) against a bare `client.callTool`,
 * on the SDK's in-memory transport so the transport cost is as small as it gets and the runtime's
 * share as visible as it gets. Ratios are taken within one run, on one machine, so they compare.
 * Validation uses the validators module the generator emits (src/emit/client/validators.ts: schemas
 * as data, run by @cfworker/json-schema), written next to the runtime and imported, exactly as a
 * generated client has it; for reference, the same schema checked by Ajv compiled at run time is
 * measured in the same run. The end-to-end figure of issue 33, a generated client over stdio with
 * SDK v2 on the corpus's largest output schema, is bench/validated-call.ts.
 *
 *   node --import tsx bench/call-overhead.ts [calls]
 *
 * `run()` is exported for an aggregator. The measured client never calls listTools(): with cached
 * tool metadata the SDK Client validates outputs itself, which would charge the bare call for a
 * validation the runtime then repeats. The tool's JSON Schema is listed on a separate connection,
 * exactly as discovery would see it.
 */
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { JsonObject } from '../src/snapshot/types.js';
import { CATALOG_FIELDS } from '../templates/runtime-canonical.js';
import { fingerprintTool } from '../templates/runtime-fingerprint.js';
import { classifyResult, guardWith, invokeTool } from '../templates/runtime.js';
import type { ToolSpec, Validator } from '../templates/runtime.js';
import { ValidatorCache } from '../test/helpers/ajv-reference.js';
import { compileValidators } from '../test/helpers/runtime-validators.js';

export interface CallOverheadRow {
  name: string;
  opsPerSec: number;
  microsPerCall: number;
  /** Time per call relative to the bare `client.callTool` of the same run (1 = no overhead). */
  ratio: number;
}
export interface CallOverheadResult {
  /** Calls per case (after warm-up), in `rounds` interleaved rounds; rows give the median round. */
  calls: number;
  rounds: number;
  rows: CallOverheadRow[];
  /** A guarded call against the same call unguarded, paired call by call (see pairedGuard). */
  guard: { controlMicros: number; guardedMicros: number; ratio: number };
}

const PAYLOAD = {
  city: 'Oslo',
  temperature_c: 21.5,
  conditions: 'clear' as const,
  observed_at: '2025-01-01T12:00:00Z',
  hourly: Array.from({ length: 24 }, (_, hour) => ({
    hour,
    temperature_c: 10 + (hour % 7),
    rain_mm: hour % 3 === 0 ? 0.2 : 0,
  })),
};

function createServer(): McpServer {
  const server = new McpServer({ name: 'bench', version: '1.0.0' });
  server.registerTool(
    'forecast',
    {
      inputSchema: { city: z.string() },
      outputSchema: {
        city: z.string(),
        temperature_c: z.number(),
        conditions: z.enum(['clear', 'rain', 'snow']),
        observed_at: z.string(),
        hourly: z.array(
          z.object({ hour: z.number().int(), temperature_c: z.number(), rain_mm: z.number() }),
        ),
      },
    },
    ({ city }) => {
      const value = { ...PAYLOAD, city };
      return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
    },
  );
  return server;
}

async function connect(): Promise<{ client: Client; close: () => Promise<void> }> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const server = createServer();
  await server.connect(serverTransport);
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(clientTransport);
  return { client, close: async () => (await client.close(), await server.close()) };
}

/**
 * The spec the generator would emit for `forecast` (a plain schema is one documented branch), with
 * the generator's validators, and with Ajv compiled at run time for comparison.
 */
async function forecastSpecs(): Promise<{
  spec: ToolSpec;
  runtimeAjv: ToolSpec;
  fingerprints: string[];
}> {
  const lister = await connect();
  const { tools } = await lister.client.listTools();
  await lister.close();
  const tool = tools.find((t) => t.name === 'forecast');
  const outputSchema = tool?.outputSchema as JsonObject | undefined;
  if (tool === undefined || outputSchema === undefined)
    throw new Error('forecast declares no outputSchema');
  const required = Array.isArray(outputSchema['required'])
    ? (outputSchema['required'] as string[])
    : [];
  const generated = await compileValidators({ output: outputSchema, input: tool.inputSchema });
  const cache = new ValidatorCache({ optimize: true });
  const ajv: Record<string, Validator> = {
    output: (v) => cache.validate(outputSchema, v),
    input: (v) => cache.validate(tool.inputSchema, v),
  };
  const specWith = (v: Record<string, Validator>): ToolSpec => ({
    name: 'forecast',
    validateInput: v['input']!,
    branches: [{ kind: 'documented', required, validate: v['output']! }],
    codes: [],
  });
  // What client.ts would carry for this catalog (test/runtime-guard.test.ts: the same as the generator's),
  // packed as client.ts writes it (src/emit/client/guard-statements.ts).
  const fingerprints = (await Promise.all(tools.map((t) => fingerprintTool(t)))).map(
    (f) => `${f.name} ${CATALOG_FIELDS.map((field) => f[field] ?? '').join('.')}`,
  );
  return { spec: specWith(generated), runtimeAjv: specWith(ajv), fingerprints };
}

export async function run(
  options: { calls?: number; warmup?: number; rounds?: number } = {},
): Promise<CallOverheadResult> {
  const calls = options.calls ?? 6000;
  const warmup = options.warmup ?? 300;
  const rounds = options.rounds ?? 30;
  const { spec, runtimeAjv, fingerprints } = await forecastSpecs();
  const { client, close } = await connect();
  // The guard lists the tools, and SDK v1's Client then validates outputs itself (its cached tool
  // metadata): so the guarded call is measured against the same call on a client that listed too.
  const listed = await connect();
  const guarded = guardWith(listed.client, fingerprints, { mode: 'block' });
  const change = await guarded.catalog.verify();
  const guard = guarded.catalog as unknown as { check(tool: string): unknown };
  if (change.added.length + change.removed.length + change.changed.length > 0)
    throw new Error(`the bench catalog is not the fingerprinted one: ${JSON.stringify(change)}`);
  const args = { city: 'Oslo' };
  const sample = await client.callTool({ name: 'forecast', arguments: args });

  const cases: { name: string; call: () => unknown }[] = [
    {
      name: 'bare client.callTool',
      call: () => client.callTool({ name: 'forecast', arguments: args }),
    },
    // The same call behind one async function and an await: the shape of any wrapper, no work in it.
    {
      name: 'bare, inside an async wrapper',
      call: async () => await client.callTool({ name: 'forecast', arguments: args }),
    },
    { name: 'invokeTool, validation on', call: () => invokeTool(client, spec, args) },
    {
      name: 'invokeTool, validation off',
      call: () => invokeTool(client, spec, args, { validateOutput: false }),
    },
    {
      name: 'invokeTool, input+output validation',
      call: () => invokeTool(client, spec, args, { validateInput: true }),
    },
    {
      name: 'invokeTool, run-time Ajv (reference)',
      call: () => invokeTool(client, runtimeAjv, args),
    },
    {
      name: 'invokeTool, listed client (guard control)',
      call: () => invokeTool(listed.client, spec, args),
    },
    { name: 'invokeTool, guard block, unchanged', call: () => invokeTool(guarded, spec, args) },
    // The guard's own work per call, without the transport: the steadier figure on a busy machine.
    { name: 'guard check only, unchanged', call: () => guard.check('forecast') },
    // The runtime's own work, without the transport: what the ratios above are made of.
    { name: 'classifyResult only, validation on', call: () => classifyResult(spec, sample) },
    {
      name: 'classifyResult only, validation off',
      call: () => classifyResult(spec, sample, { validateOutput: false }),
    },
    { name: 'classifyResult only, run-time Ajv', call: () => classifyResult(runtimeAjv, sample) },
  ];
  for (const c of cases) for (let i = 0; i < warmup; i++) await c.call();
  // Interleaved rounds, so drift (GC, JIT, CPU frequency, other processes) reaches every case alike;
  // the median round per case then discards rounds hit by a burst of outside load.
  const perRound = Math.ceil(calls / rounds);
  const times = new Map<string, number[]>(cases.map((c) => [c.name, []]));
  for (let round = 0; round < rounds; round++) {
    // Each round starts at another case, so no case always runs first (right after a GC-heavy one).
    for (let k = 0; k < cases.length; k++) {
      const c = cases[(round + k) % cases.length]!;
      const start = performance.now();
      for (let i = 0; i < perRound; i++) await c.call();
      times.get(c.name)!.push((performance.now() - start) / perRound);
    }
  }
  const paired = await pairedGuard(
    () => invokeTool(listed.client, spec, args),
    () => invokeTool(guarded, spec, args),
    perRound * rounds,
  );
  await close();
  await listed.close();

  const total = perRound * rounds;
  const median = (name: string) => {
    const sorted = [...times.get(name)!].sort((a, b) => a - b);
    return (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
  };
  const bare = median(cases[0]!.name);
  const rows = cases.map((c) => {
    const perCall = median(c.name);
    return {
      name: c.name,
      opsPerSec: 1000 / perCall,
      microsPerCall: perCall * 1000,
      ratio: perCall / bare,
    };
  });
  return { calls: total, rounds, rows, guard: paired };
}

/**
 * The guard's cost is a map lookup against a call of tens of µs, so on a shared machine the rounds
 * above drown it in noise. Here the two calls alternate one by one (which goes first alternates too),
 * each timed alone, and the medians of the single-call times compare: load bursts reach both alike.
 */
async function pairedGuard(
  control: () => Promise<unknown>,
  guarded: () => Promise<unknown>,
  calls: number,
): Promise<CallOverheadResult['guard']> {
  const times: [number[], number[]] = [[], []];
  const calls2 = [control, guarded] as const;
  for (let i = 0; i < calls; i++) {
    for (const k of i % 2 === 0 ? [0, 1] : [1, 0]) {
      const start = performance.now();
      await calls2[k]!();
      times[k]!.push(performance.now() - start);
    }
  }
  const median = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
  };
  const [controlMs, guardedMs] = [median(times[0]), median(times[1])];
  return {
    controlMicros: controlMs * 1000,
    guardedMicros: guardedMs * 1000,
    ratio: guardedMs / controlMs,
  };
}

/** Run and print a table; `npm run bench` calls this. */
export async function main(calls?: number): Promise<void> {
  const result = await run(calls === undefined ? {} : { calls });
  console.log(
    `call overhead: ${result.calls} calls per case in ${result.rounds} interleaved rounds (median round shown), in-memory transport, node ${process.version}`,
  );
  console.log(
    `${'case'.padEnd(38)} ${'ops/s'.padStart(10)} ${'µs/call'.padStart(9)} ${'× bare'.padStart(7)}`,
  );
  for (const row of result.rows) {
    console.log(
      `${row.name.padEnd(38)} ${row.opsPerSec.toFixed(0).padStart(10)} ${row.microsPerCall.toFixed(1).padStart(9)} ${row.ratio.toFixed(3).padStart(7)}`,
    );
  }
  // The end-to-end ratios carry the transport's noise on a busy machine; the runtime's own work per
  // call (classification and validation, no transport) against the bare call is the steadier figure.
  const bare = result.rows[0]!;
  const own = result.rows.find((r) => r.name === 'classifyResult only, validation on')!;
  console.log(
    `runtime work with validation on, per call: ${own.microsPerCall.toFixed(1)} µs = ${(1 + own.microsPerCall / bare.microsPerCall).toFixed(3)}× a bare call of ${bare.microsPerCall.toFixed(1)} µs`,
  );
  const check = result.rows.find((r) => r.name === 'guard check only, unchanged')!;
  const { controlMicros, guardedMicros, ratio } = result.guard;
  console.log(
    `guarded call on an unchanged catalog, paired with the same call unguarded: ${guardedMicros.toFixed(1)} against ${controlMicros.toFixed(1)} µs = ${ratio.toFixed(3)}× (target ≤ 1.05×); ` +
      `the guard's own work ${(check.microsPerCall * 1000).toFixed(0)} ns a call`,
  );
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(process.argv[2] === undefined ? undefined : Number(process.argv[2]));
}
