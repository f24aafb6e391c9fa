/**
 * Diff speed: two synthetic 2,000-tool snapshots, the head with a few hundred realistic changes,
 * diffed by the real bin end to end (`node bin/mcp-codegen.js diff a b --format json`, startup
 * included) and by the engine in-process. Baselines from the same run, so numbers compare across
 * machines: bare `node -e ""` and `node bin/mcp-codegen.js diff --help` (the CLI's own startup: tsx, the dispatcher, the diff command).
 * Target: under 1 s end to end.
 *
 *   node --import tsx bench/diff.ts [tools] [runs]
 *
 * Then bench/diff-real.ts: the same on snapshots built from the real catalogs in ../shared/catalogs.
 *
 * `run()` is exported for bench/run.ts. The bin runs in an empty temp folder, so no config is found
 * or loaded (as for a plain `diff a b` in CI).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { diffSnapshots } from '../src/diff/index.js';
import { readSnapshotFile } from '../src/snapshot/index.js';
import { type RealDiffResult, run as runReal } from './diff-real.js';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const bin = join(root, 'bin', 'mcp-codegen.js');

export interface Timing {
  name: string;
  medianMs: number;
  minMs: number;
  runs: number;
}

export interface DiffBenchResult {
  tools: number;
  changes: number;
  findings: Record<'error' | 'warning' | 'info', number>;
  bytes: number;
  timings: Timing[];
  /** The real bin's median end to end, against the 1 s target. */
  withinTarget: boolean;
  /** The same on snapshots built from the real catalogs (bench/diff-real.ts); absent without ../shared. */
  real?: RealDiffResult;
}

type Json = Record<string, unknown>;

/** A tool shaped like real catalogs: nested objects, enums, a $ref into $defs, envelopes in half the outputs. */
function makeTool(i: number): Json {
  const tool: Json = {
    name: `${['search', 'get', 'list', 'update', 'delete'][i % 5]}_${['docs', 'users', 'tickets', 'builds'][i % 4]}_${i}`,
    title: `Operation ${i}`,
    description: `Operation ${i}: does a thing with the ${['docs', 'users', 'tickets', 'builds'][i % 4]} API. Supports paging and filters.`,
    inputSchema: {
      type: 'object',
      properties: {
        id: { type: 'string', description: 'The id', minLength: 1 },
        'resource-group': { type: 'string' },
        limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
        mode: { type: 'string', enum: ['fast', 'slow', 'auto'] },
        filter: { $ref: '#/$defs/filter' },
      },
      required: ['id'],
      additionalProperties: false,
      $defs: {
        filter: {
          type: 'object',
          properties: {
            tags: { type: 'array', items: { type: 'string' } },
            since: { type: 'string', format: 'date-time' },
            and: { type: 'array', items: { $ref: '#/$defs/filter' } },
          },
        },
      },
    },
    annotations: { readOnlyHint: i % 5 < 3, openWorldHint: false },
  };
  if (i % 2 === 0) {
    tool.outputSchema = {
      type: 'object',
      anyOf: [
        {
          type: 'object',
          properties: {
            items: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  id: { type: 'string' },
                  score: { type: 'number' },
                  status: { type: 'string', enum: ['open', 'closed'] },
                },
                required: ['id'],
              },
            },
            total: { type: 'integer', minimum: 0 },
            next: { type: 'string' },
          },
          required: ['items', 'total'],
        },
        { type: 'object', required: ['_budget_exceeded'] },
      ],
    };
  }
  return tool;
}

/** Deterministic edits on every 6th tool, rotating through the kinds of change a release brings. */
function mutate(tools: Json[]): { tools: Json[]; changes: number } {
  const head = structuredClone(tools);
  let changes = 0;
  const removed = new Set<number>();
  head.forEach((tool, i) => {
    if (i % 6 !== 0) return;
    changes++;
    const input = tool.inputSchema as Json & {
      properties: Record<string, Json>;
      required: string[];
    };
    const output = tool.outputSchema as (Json & { anyOf: Json[] }) | undefined;
    switch ((i / 6) % 10) {
      case 0:
        (input.properties.mode!.enum as string[]).pop();
        break;
      case 1:
        input.properties.region = { type: 'string' };
        input.required.push('region');
        break;
      case 2:
        input.properties.verbose = { type: 'boolean' };
        break;
      case 3:
        tool.description = `${String(tool.description)} Now also audited.`;
        break;
      case 4:
        input.properties.limit!.maximum = 50;
        break;
      case 5:
        if (output) output.anyOf.push({ type: 'object', required: ['_rate_limited'] });
        else tool.title = 'Renamed operation';
        break;
      case 6:
        tool.annotations = { readOnlyHint: false, openWorldHint: true };
        break;
      case 7:
        if (output) ((output.anyOf[0] as Json).required as string[]).pop();
        else input.required.push('limit');
        break;
      case 8:
        removed.add(i);
        break;
      case 9:
        ((input.$defs as Json).filter as Json & { properties: Json }).properties.until = {
          type: 'string',
          format: 'date-time',
        };
        break;
    }
  });
  const kept = head.filter((_, i) => !removed.has(i));
  for (let k = 0; k < 20; k++) kept.push(makeTool(100_000 + k));
  return { tools: kept.reverse(), changes: changes + 20 };
}

/** The two snapshot files' text: `count` tools, and the same with a few hundred tools changed. */
export function syntheticPair(count: number): { base: string; head: string; changes: number } {
  const baseTools = Array.from({ length: count }, (_, i) => makeTool(i));
  const { tools: headTools, changes } = mutate(baseTools);
  const snapshot = (tools: Json[]) =>
    `${JSON.stringify({ capabilities: { tools: {} }, tools }, null, 2)}\n`;
  return { base: snapshot(baseTools), head: snapshot(headTools), changes };
}

function time(fn: () => void, runs: number): { medianMs: number; minMs: number } {
  const samples: number[] = [];
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { medianMs: samples[Math.floor(samples.length / 2)]!, minMs: samples[0]! };
}

function spawnTimed(
  name: string,
  args: string[],
  cwd: string,
  runs: number,
  expectStatus: number[],
): Timing {
  const once = () => {
    const r = spawnSync(process.execPath, args, {
      cwd,
      encoding: 'utf8',
      maxBuffer: 512 * 1024 * 1024,
      env: { ...process.env, NO_COLOR: '1' },
    });
    if (!expectStatus.includes(r.status ?? -1))
      throw new Error(`${name}: exit ${r.status}\n${r.stderr}`);
  };
  once(); // Warm-up: tsx's transform cache and the OS file cache, as on any second CI step.
  return { name, runs, ...time(once, runs) };
}

export async function run(
  options: { tools?: number; runs?: number; log?: (line: string) => void } = {},
): Promise<DiffBenchResult> {
  const count = options.tools ?? 2000;
  const runs = options.runs ?? 7;
  const log = options.log ?? ((line: string) => console.log(line));
  const dir = mkdtempSync(join(tmpdir(), 'mcp-codegen-bench-diff-'));
  try {
    const pair = syntheticPair(count);
    const a = join(dir, 'a.json');
    const b = join(dir, 'b.json');
    writeFileSync(a, pair.base);
    writeFileSync(b, pair.head);
    const bytes = Buffer.byteLength(pair.base) + Buffer.byteLength(pair.head);
    const changes = pair.changes;

    const timings: Timing[] = [];
    timings.push(spawnTimed('baseline: node -e ""', ['-e', ''], dir, runs, [0]));
    timings.push(
      spawnTimed('baseline: mcp-codegen diff --help', [bin, 'diff', '--help'], dir, runs, [0]),
    );
    timings.push(
      spawnTimed(
        'mcp-codegen diff a b --format json',
        [bin, 'diff', a, b, '--format', 'json'],
        dir,
        runs,
        [1],
      ),
    );

    const [sa, sb] = [await readSnapshotFile(a), await readSnapshotFile(b)];
    const report = diffSnapshots(sa, sb);
    timings.push({
      name: 'in-process: diffSnapshots only',
      runs,
      ...time(() => diffSnapshots(sa, sb), runs),
    });
    const reads: number[] = [];
    for (let r = 0; r < runs; r++) {
      const start = performance.now();
      await Promise.all([readSnapshotFile(a), readSnapshotFile(b)]);
      reads.push(performance.now() - start);
    }
    reads.sort((x, y) => x - y);
    timings.push({
      name: 'in-process: read + parse both files',
      runs,
      medianMs: reads[Math.floor(runs / 2)]!,
      minMs: reads[0]!,
    });

    const endToEnd = timings.find((t) => t.name.startsWith('mcp-codegen diff'))!;
    const result: DiffBenchResult = {
      tools: count,
      changes,
      findings: report.summary,
      bytes,
      timings,
      withinTarget: endToEnd.medianMs < 1000,
    };
    log(
      `diff: ${count} tools per snapshot, ${changes} changed tools, ${(bytes / 1e6).toFixed(1)} MB of JSON; findings ${JSON.stringify(report.summary)}`,
    );
    for (const t of timings)
      log(
        `  ${t.name.padEnd(40)} median ${t.medianMs.toFixed(0).padStart(5)} ms   min ${t.minMs.toFixed(0).padStart(5)} ms   (${t.runs} runs)`,
      );
    log(
      `  target: end to end under 1000 ms — ${result.withinTarget ? 'met' : 'NOT met'} (median ${endToEnd.medianMs.toFixed(0)} ms)`,
    );
    // Real schemas ($ref-heavy notion, large azure) behave differently from the synthetic ones: time both.
    result.real = await runReal({ tools: count, runs, log });
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [tools, runs] = process.argv.slice(2).map(Number);
  await run({ tools: tools || undefined, runs: runs || undefined });
}
