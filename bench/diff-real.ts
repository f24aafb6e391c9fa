/**
 * Diff speed on real schemas: two 2,000-tool snapshots built from the real catalogs in
 * `../shared/catalogs` (read from there, never copied into the project): every tool of every
 * catalog, cloned and renamed until there are 2,000, then the head with ~50 planted changes
 * (breaking and not, some inside `$defs` of `$ref`-heavy schemas). Both are written as canonical
 * snapshots to a temp folder and diffed by the real bin end to end, several runs, median.
 *
 * The floor is measured in the same run: bare `node -e ""`, and a node process that only reads and
 * JSON.parses both files. Target: end to end at most 1.0 s.
 *
 *   node --import tsx bench/diff-real.ts [tools] [runs]
 *
 * `run()` is exported (bench/diff.ts calls it, so `npm run bench` includes it).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseSnapshot, serializeSnapshot } from '../src/snapshot/index.js';
import type { Tool } from '../src/snapshot/index.js';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const bin = join(root, 'bin', 'mcp-codegen.js');
const catalogs = resolve(root, '../shared/catalogs');

type Json = Record<string, unknown>;

export interface RealDiffResult {
  tools: number;
  planted: number;
  summary: Record<string, number>;
  medianMs: Record<string, number>;
  /** End-to-end median divided by the read+parse floor. */
  ratioToParseFloor: number;
  withinTarget: boolean;
}

/** Every tool of every real catalog (top-level `*.json` dumps and the worldmonitor tools/list files), in file order. */
export function realTools(): Json[] {
  const files = readdirSync(catalogs)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const tools: Json[] = [];
  for (const f of files)
    tools.push(
      ...((JSON.parse(readFileSync(join(catalogs, f), 'utf8')) as { tools: Json[] }).tools ?? []),
    );
  const wm = join(catalogs, 'worldmonitor');
  if (existsSync(wm)) {
    for (const f of readdirSync(wm)
      .filter((n) => n.endsWith('tools-list.json'))
      .sort()) {
      const list = JSON.parse(readFileSync(join(wm, f), 'utf8')) as { tools?: Json[] } | Json[];
      tools.push(...(Array.isArray(list) ? list : (list.tools ?? [])));
    }
  }
  return tools;
}

/** Cloned and renamed until `count`: clone k of tool `x` is `x__k` (names stay unique). */
export function scaled(tools: Json[], count: number): Json[] {
  const out: Json[] = [];
  const seen = new Set<string>();
  for (let k = 0; out.length < count; k++) {
    for (const t of tools) {
      if (out.length >= count) break;
      const name = k === 0 ? String(t.name) : `${String(t.name)}__${k}`;
      if (seen.has(name)) continue;
      seen.add(name);
      out.push({ ...structuredClone(t), name });
    }
  }
  return out;
}

const props = (s: unknown) =>
  ((s as Json | undefined)?.properties as Record<string, Json> | undefined) ?? undefined;

/** One planted change per kind, in rotation; a kind that does not apply to a tool moves on to the next tool. */
const PLANTS: Array<(t: Json) => boolean> = [
  (t) => ((t.description = `${String(t.description ?? '')} (v2)`), true),
  (t) => {
    const p = props(t.inputSchema);
    if (!p) return false;
    p.planted_required = { type: 'string' };
    const s = t.inputSchema as Json;
    s.required = [...((s.required as string[]) ?? []), 'planted_required'];
    return true;
  },
  (t) => {
    const p = props(t.inputSchema);
    if (!p) return false;
    p.planted_optional = { type: 'boolean', description: 'new' };
    return true;
  },
  (t) => {
    const p = props(t.inputSchema);
    const key =
      p &&
      Object.keys(p).find((k) => Array.isArray(p[k]!.enum) && (p[k]!.enum as unknown[]).length > 1);
    if (!key) return false;
    (p[key]!.enum as unknown[]).pop();
    return true;
  },
  (t) => {
    const p = props(t.inputSchema);
    const key = p && Object.keys(p)[0];
    if (!key) return false;
    delete p[key];
    return true;
  },
  (t) => {
    const defs = (t.inputSchema as Json).$defs as Record<string, Json> | undefined;
    const key = defs && Object.keys(defs).find((k) => props(defs[k]));
    if (!key) return false;
    props(defs[key])!.planted_def = { type: 'integer', minimum: 0 };
    return true;
  },
  (t) => (
    (t.annotations = {
      ...((t.annotations as Json) ?? {}),
      readOnlyHint: false,
      destructiveHint: true,
    }),
    true
  ),
  (t) => {
    const out = t.outputSchema as Json | undefined;
    const req = out && (out.required as string[] | undefined);
    if (!req || req.length === 0) return false;
    out.required = req.slice(1);
    return true;
  },
  (t) => {
    const p = props(t.inputSchema);
    const key = p && Object.keys(p).find((k) => p[k]!.type === 'string');
    if (!key) return false;
    p[key]!.maxLength = 64;
    return true;
  },
  (t) => ((t.title = `Planted ${String(t.name)}`), true),
];

/** The head: `planted` changes spread over the catalog, plus removed and added tools among them. */
export function plant(base: Json[], planted: number): Json[] {
  const head = structuredClone(base);
  const step = Math.max(1, Math.floor(head.length / planted));
  const removed = new Set<number>();
  let made = 0;
  for (let i = 0, kind = 0; made < planted && i < head.length; i += step, kind++) {
    if (kind % 12 === 11) {
      removed.add(i);
      made++;
      continue;
    }
    for (let j = i; j < Math.min(head.length, i + step); j++) {
      if (PLANTS[kind % PLANTS.length]!(head[j]!)) {
        made++;
        break;
      }
    }
  }
  const kept = head.filter((_, i) => !removed.has(i));
  kept.push({ ...structuredClone(base[0]!), name: 'planted_new_tool' });
  return kept;
}

function snapshotText(tools: Json[]): string {
  return serializeSnapshot(
    parseSnapshot({ capabilities: { tools: {} }, tools: tools as unknown as Tool[] }, 'bench'),
  );
}

function median(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function spawnMs(args: string[], cwd: string, expect: number[]): number {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1' },
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (!expect.includes(r.status ?? -1))
    throw new Error(`${args.join(' ')}: exit ${r.status}\n${r.stderr}`);
  return ms;
}

export async function run(
  options: { tools?: number; runs?: number; log?: (line: string) => void } = {},
): Promise<RealDiffResult | undefined> {
  const log = options.log ?? ((line: string) => console.log(line));
  if (!existsSync(catalogs)) {
    log(`diff-real: skipped, ${catalogs} is absent (the real catalogs live in ../shared/catalogs)`);
    return undefined;
  }
  const count = options.tools ?? 2000;
  const runs = options.runs ?? 7;
  const dir = mkdtempSync(join(tmpdir(), 'mcp-codegen-bench-diff-real-'));
  try {
    const baseTools = scaled(realTools(), count);
    const a = join(dir, 'a.json');
    const b = join(dir, 'b.json');
    writeFileSync(a, snapshotText(baseTools));
    writeFileSync(b, snapshotText(plant(baseTools, 50)));
    const parse = `const fs=require('fs');JSON.parse(fs.readFileSync(${JSON.stringify(a)},'utf8'));JSON.parse(fs.readFileSync(${JSON.stringify(b)},'utf8'))`;
    const cases: Array<[string, string[], number[]]> = [
      ['floor: node -e ""', ['-e', ''], [0]],
      ['floor: node reads + JSON.parse both', ['-e', parse], [0]],
      ['mcp-codegen diff a b --format json', [bin, 'diff', a, b, '--format', 'json'], [1]],
    ];
    const samples = new Map<string, number[]>(cases.map(([name]) => [name, []]));
    for (const [, args, expect] of cases) spawnMs(args, dir, expect); // warm-up: OS file cache
    // Interleaved rounds, so a burst of load elsewhere on the machine hits every case alike.
    for (let r = 0; r < runs; r++)
      for (const [name, args, expect] of cases) samples.get(name)!.push(spawnMs(args, dir, expect));
    const out = spawnSync(process.execPath, [bin, 'diff', a, b, '--format', 'json'], {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 512 * 1024 * 1024,
    });
    const report = JSON.parse(out.stdout) as {
      summary: Record<string, number>;
      findings: unknown[];
    };
    const medianMs = Object.fromEntries([...samples].map(([name, s]) => [name, median(s)]));
    const e2e = medianMs['mcp-codegen diff a b --format json']!;
    const floor = medianMs['floor: node reads + JSON.parse both']!;
    const bytes = readFileSync(a).length + readFileSync(b).length;
    log(
      `diff-real: ${count} tools from ${catalogs} (cloned and renamed), 50 planted changes, ${(bytes / 1e6).toFixed(1)} MB; findings ${JSON.stringify(report.summary)}`,
    );
    for (const [name, ms] of Object.entries(medianMs))
      log(`  ${name.padEnd(40)} median ${ms.toFixed(0).padStart(5)} ms   (${runs} runs)`);
    log(
      `  end to end / parse floor: ${(e2e / floor).toFixed(2)}×; target ≤ 1000 ms — ${e2e <= 1000 ? 'met' : 'NOT met'} (median ${e2e.toFixed(0)} ms)`,
    );
    return {
      tools: count,
      planted: 50,
      summary: report.summary,
      medianMs,
      ratioToParseFloor: e2e / floor,
      withinTarget: e2e <= 1000,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [tools, runs] = process.argv.slice(2).map(Number);
  await run({ tools: tools || undefined, runs: runs || undefined });
}
