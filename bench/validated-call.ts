/**
 * What output validation costs a call through a generated client (issue 33: at most 1.10× an
 * unvalidated one), end to end: the tool with the corpus's largest output schema
 * (bench/corpus/largest-output.ts), generated with `mcp-codegen generate --no-cache` into a temp
 * folder outside the repo, served over stdio by `mcp-codegen mock` whose handler returns one
 * realistic value (json-schema-faker, seeded, valid), called through SDK v2's Client
 * (`@modelcontextprotocol/client`). One connection, two clients on it: the default (validation on)
 * and `validateOutput: false`. They alternate call by call in rounds (which goes first alternates
 * too), so load reaches both alike; per round the ratio of their summed times, and the median of
 * the rounds is the figure. A bare `client.callTool` on the same connection is timed beside them.
 *
 *   node --import tsx bench/validated-call.ts [rounds] [pairs per round]     (run `npm run build` first)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { prepareValidationSchema } from '../src/model/validation-schema.js';
import type { JsonObject } from '../src/snapshot/types.js';
import { jsonSchemaValidator } from '../templates/runtime-validate.js';
import { passingValue } from '../test/helpers/schema-probes.js';
import { largestOutput, realisticValue } from './corpus/largest-output.js';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const bin = join(root, 'bin/mcp-codegen.js');
const TARGET = 1.1;

type Result = { ok: boolean };
type Call = () => Promise<Result>;
interface GeneratedClient {
  new (client: Client, options?: { validateOutput?: boolean }): Record<string, unknown>;
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
};

/** The generated client class and its one tool method, from a fresh `generate` into `dir`. */
async function generate(
  dir: string,
  tool: JsonObject,
): Promise<{ Bench: GeneratedClient; method: string }> {
  const snapshot = join(dir, 'catalog.json');
  writeFileSync(snapshot, JSON.stringify({ tools: [tool] }));
  execFileSync(
    process.execPath,
    [bin, 'generate', '--snapshot', snapshot, '--out', 'client', '--name', 'bench', '--no-cache'],
    { cwd: dir, stdio: 'ignore' },
  );
  const mod = (await import(pathToFileURL(join(dir, 'client/index.ts')).href)) as {
    BenchClient: GeneratedClient;
  };
  const methods = Object.getOwnPropertyNames(mod.BenchClient.prototype).filter(
    (name) => name !== 'constructor',
  );
  if (methods.length !== 1)
    throw new Error(`expected one tool method, found ${methods.join(', ')}`);
  return { Bench: mod.BenchClient, method: methods[0]! };
}

/** Per round, the two calls alternate `pairs` times; each round's summed times, in ms. */
async function pairedRounds(a: Call, b: Call, rounds: number, pairs: number) {
  const sums: Array<[number, number]> = [];
  for (let round = 0; round < rounds; round++) {
    const sum: [number, number] = [0, 0];
    for (let i = 0; i < pairs; i++)
      for (const k of (round + i) % 2 === 0 ? [0, 1] : [1, 0]) {
        const start = performance.now();
        const result = await (k === 0 ? a : b)();
        sum[k]! += performance.now() - start;
        if (!result.ok) throw new Error(`a call failed: ${JSON.stringify(result).slice(0, 500)}`);
      }
    sums.push(sum);
  }
  return sums;
}

export async function main(rounds = 30, pairs = 40): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-codegen-bench-call-'));
  try {
    const found = largestOutput();
    const schema = prepareValidationSchema(found.schema);
    const accepts = jsonSchemaValidator(schema);
    const { value, seed } = realisticValue(schema, (v) => accepts(v).length === 0);
    writeFileSync(join(dir, 'value.json'), JSON.stringify(value));
    const name = String(found.tool['name']);
    writeFileSync(
      join(dir, 'handlers.mjs'),
      `import { readFileSync } from 'node:fs';\nconst value = JSON.parse(readFileSync(new URL('./value.json', import.meta.url), 'utf8'));\nexport default { ${JSON.stringify(name)}: () => value };\n`,
    );
    const { Bench, method } = await generate(dir, found.tool);
    const args = passingValue(found.tool['inputSchema'] as JsonObject);

    const mcp = new Client({ name: 'bench', version: '0.0.0' });
    await mcp.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'mock', '--snapshot', join(dir, 'catalog.json'), '--handlers', 'handlers.mjs'],
        cwd: dir,
      }),
    );
    try {
      const validated = new Bench(mcp) as Record<string, (input: unknown) => Promise<Result>>;
      const unvalidated = new Bench(mcp, { validateOutput: false }) as typeof validated;
      const on: Call = () => validated[method]!(args);
      const off: Call = () => unvalidated[method]!(args);
      const bare: Call = async () => {
        const r = await mcp.callTool({ name, arguments: args as Record<string, unknown> });
        return { ok: r.isError !== true };
      };
      const first = (await on()) as Result & { variant?: string };
      if (first.variant !== 'documented')
        throw new Error(
          `the validated call is not documented: ${JSON.stringify(first).slice(0, 500)}`,
        );
      await pairedRounds(on, off, 3, 50); // warm-up: JIT, the validator built on its first use
      const sums = await pairedRounds(on, off, rounds, pairs);
      const bareSums = await pairedRounds(bare, off, Math.max(5, rounds >> 2), pairs);
      const ratios = sums.map(([v, u]) => v / u);
      const perCall = (i: 0 | 1, s: Array<[number, number]>) =>
        (median(s.map((x) => x[i])) / pairs) * 1000;
      const ratio = median(ratios);
      console.log(
        `validated call over stdio, SDK v2 Client ${process.version}: ${found.source} ${name} (output schema ${found.bytes} B), mock answering a json-schema-faker value of seed ${seed} (${JSON.stringify(value).length} B)`,
      );
      console.log(
        `  ${rounds} rounds × ${pairs} paired calls: validated ${perCall(0, sums).toFixed(0)} µs, validateOutput: false ${perCall(1, sums).toFixed(0)} µs a call (median round)`,
      );
      console.log(
        `  validated / unvalidated, median of the rounds' ratios: ${ratio.toFixed(3)}× (rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×; target ≤ ${TARGET}×) → ${ratio <= TARGET ? 'met' : 'NOT met'}`,
      );
      const start = performance.now();
      for (let i = 0; i < 200; i++) accepts(value);
      const own = ((performance.now() - start) / 200) * 1000;
      console.log(
        `  the validator's own work on this value, in this process, no transport: ${own.toFixed(0)} µs a validation`,
      );
      console.log(
        `  for reference, bare client.callTool ${perCall(0, bareSums).toFixed(0)} µs against unvalidated ${perCall(1, bareSums).toFixed(0)} µs = ${median(bareSums.map(([b, u]) => b / u)).toFixed(3)}×`,
      );
    } finally {
      await mcp.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [rounds, pairs] = process.argv.slice(2).map(Number);
  await main(rounds, pairs);
}
