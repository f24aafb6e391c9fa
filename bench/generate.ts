/**
 * Generation speed: the real bin end to end (startup included) on the largest real catalog, a
 * 300-tool and a 1,000-tool synthetic catalog, `generate` against `generate --check`, with stage
 * timings; and, as the baseline in the same run, json-schema-to-typescript called once per schema
 * (what generators that compile tool by tool do) on the same catalog.
 *
 *   node --import tsx bench/generate.ts
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from 'json-schema-to-typescript';
import { readSnapshotFile, type Snapshot } from '../src/snapshot/index.js';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const bin = join(root, 'bin/mcp-codegen.js');
const work = join(root, 'test/.tmp/bench-generate');

function synthetic(count: number): Snapshot {
  const tools = Array.from({ length: count }, (_, i) => ({
    name: `resource_${i % 7}-op_${i}`,
    description: `Operation ${i}: reads and writes things. Has */ and \`backticks\`.`,
    inputSchema: {
      type: 'object',
      properties: {
        id: { type: 'string', description: 'The id' },
        'resource-group': { type: 'string' },
        limit: { type: 'integer', minimum: 1, maximum: 100 },
        mode: { type: 'string', enum: ['fast', 'slow', 'auto'] },
        filter: {
          type: 'object',
          properties: {
            tags: { type: 'array', items: { type: 'string' } },
            since: { type: 'string', format: 'date-time' },
          },
        },
      },
      required: ['id'],
    },
    outputSchema:
      i % 2 === 0
        ? {
            type: 'object',
            anyOf: [
              {
                type: 'object',
                properties: {
                  items: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: { id: { type: 'string' }, score: { type: 'number' } },
                      required: ['id'],
                    },
                  },
                  total: { type: 'integer' },
                },
                required: ['items'],
              },
              { required: ['projection'] },
              { required: ['_budget_exceeded'] },
            ],
          }
        : { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  }));
  return {
    format: 'mcp-codegen/snapshot',
    version: 1,
    tools,
    resources: [],
    resourceTemplates: [],
    prompts: [],
  } as unknown as Snapshot;
}

function largestCatalog(): string | undefined {
  const dir = resolve(root, '../shared/catalogs');
  if (!existsSync(dir)) return undefined;
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(b).size - statSync(a).size)[0];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function baselinePerSchema(snapshot: Snapshot): Promise<number> {
  const start = performance.now();
  for (const tool of snapshot.tools) {
    await compile(tool.inputSchema as never, 'Input', {
      format: false,
      bannerComment: '',
      $refOptions: { resolve: { external: false } } as never,
    });
    if (tool.outputSchema)
      await compile(tool.outputSchema as never, 'Output', {
        format: false,
        bannerComment: '',
        $refOptions: { resolve: { external: false } } as never,
      });
  }
  return performance.now() - start;
}

export async function run(): Promise<void> {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const cases: Array<{ label: string; file: string }> = [];
  const largest = largestCatalog();
  if (largest)
    cases.push({ label: `largest real catalog (${largest.split('/').pop()})`, file: largest });
  else console.log('../shared/catalogs not found: the real-catalog case is skipped');
  for (const count of [300, 1000]) {
    const file = join(work, `synthetic-${count}.json`);
    writeFileSync(file, JSON.stringify(synthetic(count)));
    cases.push({ label: `synthetic ${count} tools`, file });
  }
  const node = median(
    [0, 1, 2].map(() => {
      const start = performance.now();
      execFileSync(process.execPath, ['-e', '']);
      return performance.now() - start;
    }),
  );
  console.log(`\ngenerate (real bin, median of 3; node startup alone: ${node.toFixed(0)} ms)`);
  for (const { label, file } of cases) {
    const snapshot = await readSnapshotFile(file);
    const out = `out-${cases.indexOf(cases.find((c) => c.file === file)!)}`;
    const args = [
      'generate',
      '--snapshot',
      file,
      '--out',
      out,
      '--name',
      'bench',
      '--timings',
      '--quiet',
    ];
    const gen: number[] = [];
    const check: number[] = [];
    let stages = '';
    for (let i = 0; i < 3; i++) {
      rmSync(join(work, out), { recursive: true, force: true });
      const g = execTimed(args);
      gen.push(g.ms);
      stages = g.stderr.trim();
      check.push(execTimed([...args, '--check']).ms); // the output just written is fresh: exit 0
    }
    const baseline = await baselinePerSchema(snapshot);
    console.log(`- ${label}: ${snapshot.tools.length} tools`);
    console.log(
      `    generate ${median(gen).toFixed(0)} ms, --check ${median(check).toFixed(0)} ms (ratio ${(median(check) / median(gen)).toFixed(2)})`,
    );
    console.log(`    ${stages}`);
    console.log(
      `    baseline: json-schema-to-typescript once per schema, unformatted, in-process: ${baseline.toFixed(0)} ms (our whole types stage is in "emit")`,
    );
  }
}

function execTimed(args: string[]): { ms: number; stderr: string } {
  const start = performance.now();
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: work, encoding: 'utf8' });
  const ms = performance.now() - start;
  if (result.status !== 0)
    throw new Error(`mcp-codegen ${args.join(' ')} exited ${result.status}:\n${result.stderr}`);
  return { ms, stderr: result.stderr };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await run();
