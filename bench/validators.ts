/**
 * Validators precompiled at generation time (src/emit/validators.ts) against Ajv compiled at run time
 * (templates/runtime.ts `ValidatorCache`):
 *  - size of the emitted module per real catalog in ../shared/catalogs (output schemas, and input
 *    schemas as a second figure), next to the JSON of the schemas the client embeds today, and what
 *    each code-size setting changes;
 *  - validation speed on a few payloads, as a ratio against the run-time validator in the same run.
 *
 *   node --import tsx bench/validators.ts [iterations]
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ValidatorCache } from '../test/helpers/ajv-reference.js';
import type { ValidationIssue } from '../templates/runtime.js';
import { emitValidatorModule, emitValidatorModuleWith } from '../src/emit/validators.js';
import type { ValidatorEntry } from '../src/emit/validators.js';
import { DEFAULT_TUNING } from '../src/emit/validators/compile.js';
import { openapiCatalog } from './corpus/openapi-catalog.js';
import type { Tuning } from '../src/emit/validators/compile.js';
import { prepareValidationSchema } from '../src/model/validation-schema.js';
import type { JsonObject } from '../src/snapshot/types.js';

const root = new URL('..', import.meta.url).pathname;
const catalogs = join(root, '../shared/catalogs');

interface Tool {
  name: string;
  inputSchema?: JsonObject;
  outputSchema?: JsonObject;
}

export function catalogFiles(): string[] {
  if (!existsSync(catalogs)) return [];
  const files = [
    'azure__mcp.json',
    'firecrawl-mcp.json',
    'modelcontextprotocol__server-everything.json',
    'modelcontextprotocol__server-filesystem.json',
    'modelcontextprotocol__server-memory.json',
    'notionhq__notion-mcp-server.json',
    'playwright__mcp.json',
    'worldmonitor/worldmonitor-v1.17.0.tools-list.json',
    'worldmonitor/worldmonitor-v1.21-style.SYNTHESIZED.tools-list.json',
  ];
  return files.map((f) => join(catalogs, f)).filter((f) => existsSync(f));
}

export function entriesOf(file: string, which: 'outputSchema' | 'inputSchema'): ValidatorEntry[] {
  const json = JSON.parse(readFileSync(file, 'utf8')) as { tools?: Tool[] };
  return (json.tools ?? []).flatMap((tool, i) => {
    const schema = tool[which];
    return schema === undefined ? [] : [{ name: `v${i}`, schema: prepareValidationSchema(schema) }];
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gz = (text: string) => gzipSync(text, { level: 9 }).length;

const VARIANTS: Array<[label: string, tuning: Tuning]> = [
  ['default', DEFAULT_TUNING],
  ['annotations kept', { ...DEFAULT_TUNING, stripAnnotations: false }],
  ['not compacted', { ...DEFAULT_TUNING, compact: false }],
  ['neither (plain Ajv output)', { ...DEFAULT_TUNING, compact: false, stripAnnotations: false }],
  ['one line', { ...DEFAULT_TUNING, lines: false }],
  ['optimize: 3', { ...DEFAULT_TUNING, optimize: 3 }],
  ['first error only', { ...DEFAULT_TUNING, allErrors: false }],
  ['definitions compiled into each schema', { ...DEFAULT_TUNING, link: false }],
];

export function sizes(): void {
  const files = catalogFiles();
  if (files.length === 0) {
    console.log(`../shared/catalogs not found at ${catalogs}: size figures skipped`);
    return;
  }
  console.log(
    'catalog | schemas | unique | $compile | schemas JSON | module | module gzip | emit ms',
  );
  for (const which of ['outputSchema', 'inputSchema'] as const) {
    console.log(`-- ${which}`);
    for (const file of files) {
      const entries = entriesOf(file, which);
      if (entries.length === 0) continue;
      const json = entries.map((e) => JSON.stringify(e.schema)).join('\n');
      const start = performance.now();
      const module = emitValidatorModule(entries);
      const ms = performance.now() - start;
      const unique = new Set(entries.map((e) => JSON.stringify(e.schema))).size;
      const failed = module.warnings.filter((w) => w.includes('could not be compiled')).length;
      console.log(
        `${basename(file)} | ${entries.length} | ${unique} | ${failed} | ${kb(json.length)} | ${kb(module.source.length)} | ${kb(gz(module.source))} | ${ms.toFixed(0)}`,
      );
    }
  }
  const largest = files
    .map((f) => ({ f, entries: entriesOf(f, 'outputSchema') }))
    .sort((a, b) => b.entries.length - a.entries.length)[0]!;
  const inputs = entriesOf(join(catalogs, 'azure__mcp.json'), 'inputSchema');
  for (const [title, entries] of [
    [`${basename(largest.f)} outputSchema`, largest.entries],
    ['azure__mcp.json inputSchema', inputs],
  ] as const) {
    if (entries.length === 0) continue;
    console.log(`-- code-size settings, ${title}: module (gzip)`);
    for (const [label, tuning] of VARIANTS) {
      const source = emitValidatorModuleWith(entries, tuning).source;
      console.log(`${label}: ${kb(source.length)} (${kb(gz(source))})`);
    }
  }
}

// ---- what a bundle ships --------------------------------------------------------------------

/**
 * Minified with esbuild (tsx's own dependency; the bench only): the precompiled module, against what
 * validation ships today, the schemas as JSON plus Ajv's three dialects and ajv-formats.
 */
export async function shipped(): Promise<void> {
  let esbuild: typeof import('esbuild');
  try {
    esbuild = await import('esbuild');
  } catch {
    console.log('esbuild not installed: minified sizes skipped');
    return;
  }
  const ajv = await esbuild.build({
    stdin: {
      contents:
        "export { Ajv } from 'ajv'; export { Ajv2019 } from 'ajv/dist/2019.js'; export { Ajv2020 } from 'ajv/dist/2020.js'; export { default as addFormats } from 'ajv-formats';",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    platform: 'neutral',
    mainFields: ['module', 'main'],
  });
  const ajvCode = ajv.outputFiles[0]!.text;
  console.log(
    `-- minified (gzip): Ajv + ajv-formats run time ${kb(ajvCode.length)} (${kb(gz(ajvCode))})`,
  );
  console.log('catalog | today: Ajv + schemas JSON | precompiled module');
  for (const [file, which] of [
    ['worldmonitor/worldmonitor-v1.21-style.SYNTHESIZED.tools-list.json', 'outputSchema'],
    ['firecrawl-mcp.json', 'outputSchema'],
    ['azure__mcp.json', 'inputSchema'],
  ] as const) {
    const path = join(catalogs, file);
    if (!existsSync(path)) continue;
    const entries = entriesOf(path, which);
    const today = `${ajvCode}\nexport const schemas = [${entries.map((e) => JSON.stringify(e.schema)).join(',')}];`;
    const { code } = await esbuild.transform(emitValidatorModule(entries).source, {
      loader: 'ts',
      minify: true,
      format: 'esm',
    });
    console.log(
      `${basename(file)} ${which} | ${kb(today.length)} (${kb(gz(today))}) | ${kb(code.length)} (${kb(gz(code))})`,
    );
  }
}

// ---- start-up ----------------------------------------------------------------------------------

/**
 * What the first validation of every tool costs: importing the precompiled module (transpiled to .mjs
 * with esbuild first, so tsx's own transform is not counted) against compiling each schema with Ajv at
 * run time (what `ValidatorCache` does on each tool's first call). Fresh files, so nothing is cached.
 */
export async function startup(): Promise<void> {
  const file = join(catalogs, 'worldmonitor/worldmonitor-v1.21-style.SYNTHESIZED.tools-list.json');
  if (!existsSync(file)) return;
  let esbuild: typeof import('esbuild');
  try {
    esbuild = await import('esbuild');
  } catch {
    return;
  }
  const entries = entriesOf(file, 'outputSchema');
  const { code } = await esbuild.transform(emitValidatorModule(entries).source, {
    loader: 'ts',
    format: 'esm',
  });
  const dir = mkdtempSync(join(root, 'test/.tmp/bench-startup-'));
  const samples: Array<[number, number]> = [];
  for (let round = 0; round < 5; round++) {
    const path = join(dir, `validators${round}.mjs`);
    writeFileSync(path, code);
    let start = performance.now();
    const module = (await import(pathToFileURL(path).href)) as Record<
      string,
      (v: unknown) => unknown
    >;
    for (const e of entries) module[e.name]!({});
    const precompiled = performance.now() - start;
    const cache = new ValidatorCache();
    const fresh = entries.map((e) => structuredClone(e.schema)); // new objects: the cache is keyed by identity
    start = performance.now();
    for (const schema of fresh) cache.validate(schema, {});
    samples.push([precompiled, performance.now() - start]);
  }
  const [precompiled, runtime] = [
    median(samples.map((s) => s[0])),
    median(samples.map((s) => s[1])),
  ];
  console.log(
    `-- first validation of all ${entries.length} worldmonitor 1.21 outputs (median of 5): import precompiled ${precompiled.toFixed(0)} ms, Ajv compile at run time ${runtime.toFixed(0)} ms (ratio ${(precompiled / runtime).toFixed(2)}x)`,
  );
}

// ---- speed ------------------------------------------------------------------------------------

const FORECAST: JsonObject = {
  type: 'object',
  required: ['city', 'temperature_c', 'conditions', 'observed_at', 'hourly'],
  properties: {
    city: { type: 'string' },
    temperature_c: { type: 'number' },
    conditions: { enum: ['clear', 'rain', 'snow'] },
    observed_at: { type: 'string', format: 'date-time' },
    hourly: {
      type: 'array',
      items: {
        type: 'object',
        required: ['hour', 'temperature_c', 'rain_mm'],
        properties: {
          hour: { type: 'integer' },
          temperature_c: { type: 'number' },
          rain_mm: { type: 'number' },
        },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
};
const forecast = (bad: boolean) => ({
  city: 'Oslo',
  temperature_c: 21.5,
  conditions: 'clear',
  observed_at: '2025-01-01T12:00:00Z',
  hourly: Array.from({ length: 24 }, (_, hour) => ({
    hour: bad && hour === 5 ? 'five' : hour,
    temperature_c: 10 + (hour % 7),
    rain_mm: hour % 3 === 0 ? 0.2 : 0,
  })),
});

function memoryGraph(): { schema: JsonObject; payload: unknown } | undefined {
  const file = join(catalogs, 'modelcontextprotocol__server-memory.json');
  if (!existsSync(file)) return undefined;
  const tool = (JSON.parse(readFileSync(file, 'utf8')) as { tools: Tool[] }).tools.find(
    (t) => t.name === 'read_graph',
  );
  if (tool?.outputSchema === undefined) return undefined;
  const entities = Array.from({ length: 50 }, (_, i) => ({
    name: `e${i}`,
    entityType: 'person',
    observations: ['a', 'b', 'c'],
  }));
  const relations = Array.from({ length: 50 }, (_, i) => ({
    from: `e${i}`,
    to: `e${(i + 1) % 50}`,
    relationType: 'knows',
  }));
  return { schema: prepareValidationSchema(tool.outputSchema), payload: { entities, relations } };
}

function worldmonitor(): { schema: JsonObject; payload: unknown } | undefined {
  const file = join(catalogs, 'worldmonitor/worldmonitor-v1.21-style.SYNTHESIZED.tools-list.json');
  if (!existsSync(file)) return undefined;
  const tool = (JSON.parse(readFileSync(file, 'utf8')) as { tools: Tool[] }).tools[0];
  if (tool?.outputSchema === undefined) return undefined;
  const payload = {
    cached_at: '2025-01-01T00:00:00Z',
    stale: false,
    data: {
      reported_occurrences: {
        semantic: 'reported_occurrence',
        source: 'tps-mci',
        attribution: 'x',
        fetchedAt: 'y',
        newestContentAt: 1,
        records: [{}, {}],
      },
    },
  };
  return { schema: prepareValidationSchema(tool.outputSchema), payload };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const ROUNDS = 21;

/**
 * ns per call over interleaved rounds so both sides see the same machine state: the median, and the
 * fastest round (on a shared machine the least disturbed, so the better estimate of the code's own cost).
 */
function time(
  fns: Array<() => unknown>,
  iterations: number,
  rounds = ROUNDS,
): Array<{ median: number; min: number }> {
  const samples: number[][] = fns.map(() => []);
  for (let round = 0; round < rounds; round++) {
    // Alternate which side goes first, so neither always runs on a warmer (or busier) machine.
    const order = round % 2 === 0 ? fns.map((_, i) => i) : fns.map((_, i) => fns.length - 1 - i);
    order.forEach((i) => {
      const fn = fns[i]!;
      const start = performance.now();
      for (let n = 0; n < iterations; n++) fn();
      samples[i]!.push(((performance.now() - start) * 1e6) / iterations);
    });
  }
  return samples.map((s) => ({ median: median(s), min: Math.min(...s) }));
}

export async function speed(iterations = 20000): Promise<void> {
  const cases: Array<{ name: string; schema: JsonObject; payload: unknown }> = [
    { name: 'forecast, valid', schema: FORECAST, payload: forecast(false) },
    { name: 'forecast, invalid (1 issue)', schema: FORECAST, payload: forecast(true) },
  ];
  const memory = memoryGraph();
  if (memory) cases.push({ name: 'server-memory read_graph, 50+50 items', ...memory });
  const wm = worldmonitor();
  if (wm) cases.push({ name: 'worldmonitor 1.21 anyOf, first tool', ...wm });

  const entries = cases.map((c, i) => ({ name: `case${i}`, schema: c.schema }));
  const dir = join(root, 'test/.tmp');
  mkdirSync(dir, { recursive: true });
  const out = mkdtempSync(join(dir, 'bench-validators-'));
  writeFileSync(
    join(out, 'runtime.ts'),
    'export interface ValidationIssue { readonly pointer: string; readonly message: string; readonly keyword?: string }\n',
  );
  writeFileSync(join(out, 'validators.ts'), emitValidatorModule(entries).source);
  const emitted = (await import(pathToFileURL(join(out, 'validators.ts')).href)) as Record<
    string,
    (v: unknown) => readonly ValidationIssue[]
  >;
  const cache = new ValidatorCache();

  console.log(
    `-- validation speed (${iterations} calls x ${ROUNDS} rounds): ns per call, median / fastest round`,
  );
  console.log(
    'payload | Ajv at run time | precompiled | ratio precompiled / run time (median, fastest)',
  );
  cases.forEach((c, i) => {
    const validate = emitted[`case${i}`]!;
    const same =
      JSON.stringify(validate(c.payload)) === JSON.stringify(cache.validate(c.schema, c.payload)); // also warms the cache
    const [runtime, precompiled] = time(
      [() => cache.validate(c.schema, c.payload), () => validate(c.payload)],
      iterations,
    );
    const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
    console.log(
      `${c.name} | ${runtime!.median.toFixed(0)} / ${runtime!.min.toFixed(0)} | ${precompiled!.median.toFixed(0)} / ${precompiled!.min.toFixed(0)} | ` +
        `${ratio(precompiled!.median, runtime!.median)}, ${ratio(precompiled!.min, runtime!.min)}${same ? '' : ' (ISSUES DIFFER)'}`,
    );
  });
}

/**
 * The GitHub REST corpus (1,223 tools repeating the same `$defs`): its validator module with shared
 * definitions linked (the default) against each schema compiled whole, in the same process, rounds
 * interleaved; CPU time of the emit and module size, as ratios.
 */
export function linked(rounds = 3): void {
  const entries = openapiCatalog().tools.flatMap((tool, i) =>
    (['inputSchema', 'outputSchema'] as const).flatMap((which) => {
      const schema = tool[which] as JsonObject | undefined;
      return schema === undefined
        ? []
        : [{ name: `${which[0]}${i}`, schema: prepareValidationSchema(schema) }];
    }),
  );
  const time = (tuning: Tuning) => {
    const start = process.cpuUsage();
    const source = emitValidatorModuleWith(entries, tuning).source;
    const used = process.cpuUsage(start);
    return { ms: (used.user + used.system) / 1000, bytes: source.length };
  };
  const runs = { linked: [] as number[], whole: [] as number[] };
  let sizes = { linked: 0, whole: 0 };
  for (let round = 0; round < rounds; round++) {
    const a = time(DEFAULT_TUNING);
    const b = time({ ...DEFAULT_TUNING, link: false });
    runs.linked.push(a.ms);
    runs.whole.push(b.ms);
    sizes = { linked: a.bytes, whole: b.bytes };
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const [l, w] = [median(runs.linked), median(runs.whole)];
  console.log(
    `-- GitHub REST corpus, ${entries.length} schemas: definitions linked vs compiled into each schema`,
  );
  console.log(`emit CPU: ${l.toFixed(0)} ms vs ${w.toFixed(0)} ms = ${(l / w).toFixed(2)}x`);
  console.log(
    `module: ${kb(sizes.linked)} vs ${kb(sizes.whole)} = ${(sizes.linked / sizes.whole).toFixed(2)}x`,
  );
}

export async function main(): Promise<void> {
  sizes();
  linked();
  await shipped();
  await startup();
  await speed(Number(process.argv[2] ?? 20000));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
