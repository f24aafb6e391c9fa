/**
 * `diff --impact` cost: a generated project of 200 source files calling a 100-tool client (both
 * functions and class methods, literals and variables), diffed against a head that removes tools
 * and input properties. The baseline, from the same run: a plain `tsc --noEmit` of the same project.
 * Target: `--impact` end to end (the real bin, startup included) at most 2× tsc.
 *
 *   node --import tsx bench/impact.ts [files] [runs]
 *
 * `run()` is exported for bench/run.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const bin = join(root, 'bin', 'mcp-codegen.js');
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const TOOLS = 100;

function tool(i: number, head: boolean): Record<string, unknown> {
  const properties: Record<string, unknown> = {
    id: { type: 'string' },
    mode: { type: 'string', enum: ['fast', 'full'] },
    ...(head && i % 3 === 0 ? {} : { limit: { type: 'integer', minimum: 1 } }),
  };
  return {
    name: `tool_${i}`,
    description: `Tool ${i}.`,
    inputSchema: {
      type: 'object',
      properties,
      required: head && i % 4 === 1 ? ['id', 'mode'] : ['id'],
    },
    outputSchema: {
      type: 'object',
      properties: { items: { type: 'array', items: { type: 'string' } } },
    },
  };
}

/** A user file: two function calls with literals, a method call, one with a variable argument. */
function sourceFile(n: number): string {
  const [a, b, c] = [n % TOOLS, (n * 7 + 3) % TOOLS, (n * 13 + 5) % TOOLS];
  return `import { tool${a}, tool${b}, type Tool${c}Input } from '../client/index.js';
import { client, mcp } from './setup.js';

export async function run${n}(input: Tool${c}Input): Promise<number> {
  const first = await tool${a}(mcp, { id: 'a${n}', limit: ${n + 1} });
  const second = await tool${b}(mcp, { id: 'b${n}', mode: 'fast' });
  const third = await client.tool${c}(input);
  const fourth = await client.tool${a}({ id: 'c${n}' });
  return [first, second, third, fourth].filter((r) => r.ok).length;
}
`;
}

function time(label: string, args: string[], cwd: string): { ms: number; stdout: string } {
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
  const ms = performance.now() - start;
  if (result.status !== 0 && result.status !== 1 && result.status !== 2)
    throw new Error(
      `${label} failed (${result.status}): ${result.stderr}${result.stdout.slice(0, 2000)}`,
    );
  return { ms, stdout: result.stdout };
}

export async function run(
  files = 200,
  runs = 1,
): Promise<{ ratio: number; withinTarget: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-codegen-bench-impact-'));
  try {
    const snapshot = (head: boolean) =>
      JSON.stringify({
        tools: Array.from({ length: TOOLS }, (_, i) => tool(i, head)).filter(
          (_, i) => !head || i % 20 !== 7,
        ),
      });
    writeFileSync(join(dir, 'base.json'), snapshot(false));
    writeFileSync(join(dir, 'head.json'), snapshot(true));
    const server = { name: 'bench', source: { snapshot: 'base.json' }, out: 'src/client' };
    writeFileSync(join(dir, 'mcp-codegen.config.json'), JSON.stringify({ servers: [server] }));
    const generated = spawnSync(
      process.execPath,
      [bin, 'generate', '--config', 'mcp-codegen.config.json'],
      { cwd: dir, encoding: 'utf8' },
    );
    if (generated.status !== 0) throw new Error(generated.stderr);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          target: 'ES2022',
          lib: ['ES2022', 'DOM'],
          module: 'ESNext',
          moduleResolution: 'Bundler',
          noEmit: true,
          skipLibCheck: true,
          types: [],
        },
        include: ['src'],
      }),
    );
    mkdirSync(join(dir, 'src/app'));
    writeFileSync(
      join(dir, 'src/app/setup.ts'),
      `import { BenchClient, type McpClientLike } from '../client/index.js';\ndeclare const transport: McpClientLike;\nexport const mcp: McpClientLike = transport;\nexport const client = new BenchClient(transport);\n`,
    );
    for (let n = 0; n < files; n++) writeFileSync(join(dir, `src/app/file${n}.ts`), sourceFile(n));

    const tscMs: number[] = [];
    const impactMs: number[] = [];
    let sites = 0;
    for (let r = 0; r < runs; r++) {
      tscMs.push(time('tsc', [tsc, '--noEmit', '-p', 'tsconfig.json'], dir).ms);
      const impact = time(
        'impact',
        [
          bin,
          'diff',
          'base.json',
          'head.json',
          '--impact',
          '--format',
          'json',
          '--fail-on',
          'none',
        ],
        dir,
      );
      impactMs.push(impact.ms);
      // The run did the work: the sites it found (a failed trace would find none).
      const report = JSON.parse(impact.stdout) as {
        findings: Array<{ impact?: { sites: unknown[] } }>;
      };
      sites = report.findings.reduce((n, f) => n + (f.impact?.sites.length ?? 0), 0);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(impactMs) / median(tscMs);
    console.log(
      `${files + 1} source files, ${TOOLS}-tool client: tsc --noEmit ${median(tscMs).toFixed(0)} ms, diff --impact ${median(impactMs).toFixed(0)} ms (${sites} sites): ${ratio.toFixed(2)}× (target ≤ 2×)`,
    );
    return { ratio, withinTarget: ratio <= 2 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [files, runs] = process.argv.slice(2).map(Number);
  await run(files || undefined, runs || undefined);
}
