/**
 * `generate --check --offline` on a fresh clone, as a pull request's CI job runs it: no cache
 * directory anywhere and no node_modules above the project (a folder under the OS temp dir; the CLI
 * runs from this checkout's bin/ by absolute path), so the output folder's manifest is all there is.
 * Whole processes in interleaved rounds against bare `node -e ""` in the same run.
 * Targets (issue 29): at most node's start-up + 0.3 s on the bundled example, at most 1.0 s on the
 * 1,223-tool GitHub corpus (bench/corpus/openapi-catalog.ts). A hand edit must still exit 1 by name.
 *
 *   node --import tsx bench/fresh-check.ts     (BENCH_ROUNDS=3 by default)
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshExampleProject } from '../test/helpers/fresh-project.js';
import { openapiCatalog } from './corpus/openapi-catalog.js';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const bin = join(root, 'bin/mcp-codegen.js');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

function run(args: string[], cwd: string): { ms: number; status: number | null; stderr: string } {
  // A fresh clone has no cache: whatever an earlier round left is deleted first.
  rmSync(join(cwd, 'node_modules'), { recursive: true, force: true });
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd, encoding: 'utf8' });
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, status: r.status, stderr: r.stderr };
}

function expectFresh(result: { status: number | null; stderr: string }, what: string): void {
  if (result.status !== 0 || !/matches its manifest/.test(result.stderr))
    throw new Error(
      `${what}: not answered from the manifest (exit ${result.status}):\n${result.stderr}`,
    );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function main(): Promise<void> {
  const example = freshExampleProject('bench-fresh').dir;
  const corpus = mkdtempSync(join(tmpdir(), 'mcp-codegen-bench-corpus-'));
  try {
    const made = run([bin, 'generate', '--offline', '--no-cache', '--quiet'], example);
    if (made.status !== 0) throw new Error(`generating the example failed:\n${made.stderr}`);
    const built = openapiCatalog();
    writeFileSync(join(corpus, 'github.catalog.json'), JSON.stringify(built));
    const corpusArgs = [
      'generate',
      '--snapshot',
      'github.catalog.json',
      '--out',
      'client',
      '--name',
      'github',
    ];
    const cold = run([bin, ...corpusArgs, '--no-cache', '--quiet'], corpus);
    if (cold.status !== 0) throw new Error(`generating the corpus failed:\n${cold.stderr}`);
    console.log(
      `corpus: ${built.tools.length} tools, generated once in ${(cold.ms / 1000).toFixed(1)} s`,
    );

    const check = [bin, 'generate', '--check', '--offline'];
    const times = { node: [] as number[], example: [] as number[], corpus: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      times.node.push(run(['-e', ''], example).ms);
      const e = run(check, example);
      expectFresh(e, 'the example');
      times.example.push(e.ms);
      const c = run([bin, ...corpusArgs, '--check', '--offline'], corpus);
      expectFresh(c, 'the corpus');
      times.corpus.push(c.ms);
    }
    // Still a check: a hand edit of the corpus's largest file fails, by name, from the hashes.
    appendFileSync(join(corpus, 'client/validators.ts'), '// edited\n');
    const edited = run([bin, ...corpusArgs, '--check', '--offline'], corpus);
    const named = edited.status === 1 && /changed {2}client\/validators\.ts/.test(edited.stderr);

    const node = median(times.node);
    const ex = median(times.example);
    const co = median(times.corpus);
    const ok = (pass: boolean) => (pass ? 'ok' : 'OVER');
    console.log(`node -e "" (start-up floor)           ${node.toFixed(0)} ms`);
    console.log(
      `example  --check --offline (fresh)    ${ex.toFixed(0)} ms = node + ${(ex - node).toFixed(0)} ms (target node + 300 ms: ${ok(ex - node <= 300)})`,
    );
    console.log(
      `corpus   --check --offline (fresh)    ${co.toFixed(0)} ms (target 1000 ms: ${ok(co <= 1000)}), ${(co / node).toFixed(1)}× node`,
    );
    console.log(
      `corpus   hand edit of validators.ts   ${named ? 'exit 1, named' : `NOT caught (exit ${edited.status})`}`,
    );
  } finally {
    rmSync(example, { recursive: true, force: true });
    rmSync(corpus, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
