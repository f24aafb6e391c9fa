/**
 * src/ is a pipeline, one folder per stage, and stages import only downward. This test reads every
 * import of every file in src/ and templates/ (static, `export … from`, `import type` and dynamic
 * `import()`, with TypeScript's own pre-processor, so comments and strings are not mistaken for
 * imports), maps each file to its stage, and fails on an import against the stage order, on a cycle
 * between folders, on a cycle between files (inside one folder too: two files that import each other
 * are one module split in two, and neither can be read, tested or moved first), and on a file of
 * src/ over 300 lines.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { repoRoot } from './helpers/paths.js';

const SRC = join(repoRoot, 'src');
// The runtime copied into every generated client: its files import each other, and nothing else.
const TEMPLATES = join(repoRoot, 'templates');
const MAX_LINES = 300;

/** The stage of each folder of src/; the file directly in src/ is the library entry (root). */
const RANK: Readonly<Record<string, number>> = {
  shared: 0,
  config: 1,
  discover: 2,
  snapshot: 3,
  shapes: 4,
  schema: 5,
  model: 6,
  emit: 7,
  diff: 7,
  lint: 8,
  impact: 8,
  docs: 8,
  generate: 9,
  sample: 9,
  mock: 10,
  root: 10,
  cli: 11,
};

/** diff reads snapshots: it sees their types and schemas, never the generator's model or output. */
const DIFF_MAY_IMPORT = new Set(['shared', 'config', 'snapshot', 'schema']);

/** The stage a src/-relative path belongs to. */
function folderOf(path: string): string {
  const parts = path.split('/');
  return parts.length === 1 ? 'root' : parts[0]!;
}

/** Whether a file in `from` may import a file in `to`; undefined when a folder has no rank yet. */
function mayImport(from: string, to: string): boolean | undefined {
  if (RANK[from] === undefined || RANK[to] === undefined) return undefined;
  if (from === to) return true;
  if (from === 'diff') return DIFF_MAY_IMPORT.has(to);
  if (from === 'lint') return to !== 'emit' && RANK[to]! <= RANK.diff!;
  return RANK[to]! < RANK[from]!;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : [join(dir, e.name)]))
    .filter((f) => f.endsWith('.ts'))
    .sort();
}

/** Every relative import of a file, resolved to a `.ts` path relative to `base` (src/ unless told). */
function importsOf(file: string, base = SRC): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles
    .map((f) => f.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) =>
      relative(base, normalize(join(dirname(file), spec)))
        .split('\\')
        .join('/')
        .replace(/\.js$/, '.ts'),
    );
}

/**
 * Nodes that reach each other through edges (the strongly connected groups larger than one), each
 * group sorted: the same finder serves folders and files.
 */
function cyclesOf(edges: ReadonlyArray<readonly [string, string]>): string[][] {
  const next = new Map<string, Set<string>>();
  for (const [a, b] of edges) if (a !== b) next.set(a, (next.get(a) ?? new Set()).add(b));
  const reach = (start: string): Set<string> => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length)
      for (const n of next.get(stack.pop()!) ?? []) if (!seen.has(n)) seen.add(n) && stack.push(n);
    return seen;
  };
  const nodes = [...new Set(edges.flat())].sort();
  const reached = new Map(nodes.map((n) => [n, reach(n)]));
  const groups = new Map<string, string[]>();
  for (const n of nodes) {
    const group = nodes.filter(
      (m) => m === n || (reached.get(n)!.has(m) && reached.get(m)!.has(n)),
    );
    if (group.length > 1) groups.set(group.join(), group);
  }
  return [...groups.values()];
}

const files = sourceFiles(SRC).map((f) => relative(SRC, f).split('\\').join('/'));
const edges = files.flatMap((file) => importsOf(join(SRC, file)).map((to) => [file, to] as const));
const templates = sourceFiles(TEMPLATES).map((f) => relative(TEMPLATES, f));
const templateEdges = templates.flatMap((file) =>
  importsOf(join(TEMPLATES, file), TEMPLATES).map((to) => [file, to] as const),
);

test('the rule: given an importing and an imported stage, want allowed or refused', () => {
  const table: Array<[from: string, to: string, want: boolean | undefined]> = [
    ['config', 'shared', true],
    ['shared', 'config', false],
    ['discover', 'config', true],
    ['discover', 'snapshot', false],
    ['snapshot', 'discover', true],
    ['snapshot', 'schema', false],
    ['schema', 'snapshot', true],
    ['schema', 'model', false],
    ['model', 'schema', true],
    ['model', 'emit', false],
    ['emit', 'model', true],
    ['emit', 'diff', false],
    ['diff', 'snapshot', true],
    ['diff', 'schema', true],
    ['diff', 'config', true],
    ['diff', 'model', false],
    ['diff', 'emit', false],
    ['diff', 'lint', false],
    ['lint', 'diff', true],
    ['lint', 'model', true],
    ['lint', 'emit', false],
    ['lint', 'root', false],
    ['lint', 'generate', false],
    ['generate', 'lint', true],
    ['generate', 'emit', true],
    ['generate', 'root', false],
    ['generate', 'cli', false],
    ['root', 'generate', true],
    ['impact', 'diff', true],
    ['impact', 'model', true],
    ['impact', 'lint', false],
    ['docs', 'model', true],
    ['docs', 'emit', true],
    ['docs', 'lint', false],
    ['docs', 'generate', false],
    ['generate', 'docs', true],
    ['cli', 'docs', true],
    ['diff', 'impact', false],
    ['root', 'cli', false],
    ['mock', 'sample', true],
    ['mock', 'model', true],
    ['mock', 'root', false],
    ['cli', 'mock', true],
    ['cli', 'generate', true],
    ['cli', 'root', true],
    ['cli', 'emit', true],
    ['emit', 'emit', true],
    ['plugins', 'shared', undefined],
    ['shared', 'plugins', undefined],
  ];
  for (const [from, to, want] of table) assert.equal(mayImport(from, to), want, `${from} -> ${to}`);
  assert.equal(folderOf('index.ts'), 'root');
  assert.equal(folderOf('generate/generate.ts'), 'generate');
  assert.equal(folderOf('emit/client/tools-file.ts'), 'emit');
});

test('the cycle finder: given edges, want the groups that reach each other', () => {
  const table: Array<[given: string, edges: Array<[string, string]>, want: string[][]]> = [
    [
      'acyclic folders',
      [
        ['a', 'b'],
        ['b', 'c'],
      ],
      [],
    ],
    [
      'two folders both ways',
      [
        ['a', 'b'],
        ['b', 'a'],
        ['b', 'c'],
      ],
      [['a', 'b']],
    ],
    [
      'a ring of three, and a self-import',
      [
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'a'],
        ['d', 'd'],
      ],
      [['a', 'b', 'c']],
    ],
    [
      'acyclic files: a folder importing its own files one way, and an earlier stage',
      [
        ['model/build.ts', 'model/module-plan.ts'],
        ['model/module-plan.ts', 'model/types.ts'],
        ['model/build.ts', 'model/types.ts'],
        ['model/types.ts', 'snapshot/types.ts'],
      ],
      [],
    ],
    [
      'a planted file cycle inside one folder, through a type-only import',
      [
        ['model/build.ts', 'model/module-plan.ts'],
        ['model/module-plan.ts', 'model/types.ts'],
        ['model/types.ts', 'model/module-plan.ts'],
        ['model/types.ts', 'snapshot/types.ts'],
      ],
      [['model/module-plan.ts', 'model/types.ts']],
    ],
  ];
  for (const [given, edges, want] of table) assert.deepEqual(cyclesOf(edges), want, given);
  // The file cycle above is invisible at the folder level: why files are checked on their own.
  const planted = table[4]![1].map(([from, to]) => [folderOf(from), folderOf(to)] as const);
  assert.deepEqual(cyclesOf(planted), []);
});

test('the import reader sees static, type-only, re-export and dynamic imports, and resolves them', () => {
  const cli = importsOf(join(SRC, 'cli/main.ts'));
  assert.ok(cli.length > 0 && cli.every((f) => files.includes(f)), cli.join(', '));
  const root = importsOf(join(SRC, 'index.ts'));
  assert.ok(root.includes('snapshot/discover.ts'), 'the dynamic import in index.ts');
  assert.ok(
    importsOf(join(SRC, 'snapshot/index.ts')).includes('snapshot/types.ts'),
    'export * from',
  );
  assert.ok(
    importsOf(join(TEMPLATES, 'runtime-classify.ts'), TEMPLATES).includes('runtime-spec.ts'),
    'import type, relative to templates/',
  );
});

test('every import in src/ runs down the stage order', () => {
  const wrong = edges
    .filter(([from, to]) => mayImport(folderOf(from), folderOf(to)) !== true)
    .map(([from, to]) => `src/${from} -> src/${to}`);
  assert.deepEqual(
    wrong,
    [],
    'imports against the stage order (or from a folder without a rank in RANK)',
  );
});

test('no cycle between src/ folders', () => {
  const folderEdges = edges.map(([from, to]) => [folderOf(from), folderOf(to)] as const);
  assert.deepEqual(cyclesOf(folderEdges), []);
});

test('no cycle between any two files of src/ or templates/', () => {
  const inRepo = [
    ...edges.map(([from, to]) => [`src/${from}`, `src/${to}`] as const),
    ...templateEdges.map(([from, to]) => [`templates/${from}`, `templates/${to}`] as const),
  ];
  assert.ok(
    templateEdges.every(([, to]) => templates.includes(to)),
    'a template imports only other templates',
  );
  assert.deepEqual(
    cyclesOf(inRepo),
    [],
    'files that import each other, directly or around a ring: move what they share into a file both import',
  );
});

/**
 * The rooms of src/emit by what they emit, in the order they may import each other: printing helpers
 * first, then the client and tool files, the agent and framework files, the runtime copy, the
 * aggregate, emit.ts (which puts one client together), and the layout with prettier last (it takes
 * emit.ts's files). A file of emit/ lives in a room, except emit.ts.
 */
const EMIT_RANK: Readonly<Record<string, number>> = {
  print: 0,
  client: 1,
  agents: 2,
  runtime: 3,
  aggregate: 4,
  'emit.ts': 5,
  format: 6,
};

/** The room of a src/-relative path in emit/ (`emit.ts` for the file at its top). */
function emitRoomOf(path: string): string {
  const parts = path.split('/');
  return parts[1]!;
}

test('emit/ has sub-rooms, and imports between them run down their order', () => {
  const emitFiles = files.filter((f) => f.startsWith('emit/') && f.endsWith('.ts'));
  const rooms = new Set(emitFiles.map(emitRoomOf));
  assert.deepEqual(
    [...rooms].filter((r) => EMIT_RANK[r] === undefined),
    [],
    'a file laid flat in src/emit, or a room without a rank in EMIT_RANK',
  );
  assert.ok(rooms.size >= 6, [...rooms].join(', '));
  const wrong = edges
    .filter(([from, to]) => from.startsWith('emit/') && to.startsWith('emit/'))
    .filter(([from, to]) => emitRoomOf(from) !== emitRoomOf(to))
    .filter(([from, to]) => EMIT_RANK[emitRoomOf(to)]! >= EMIT_RANK[emitRoomOf(from)]!)
    .map(([from, to]) => `src/${from} -> src/${to}`);
  assert.deepEqual(wrong, [], 'imports up the order of the emit rooms');
  // The rule itself, given → want: a room reads only the rooms before it.
  const table: Array<[from: string, to: string, want: boolean]> = [
    ['emit/client/tools-file.ts', 'emit/print/print.ts', true],
    ['emit/print/print.ts', 'emit/client/tools-file.ts', false],
    ['emit/emit.ts', 'emit/agents/agent-files.ts', true],
    ['emit/agents/agent-files.ts', 'emit/emit.ts', false],
    ['emit/format/format.ts', 'emit/emit.ts', true],
  ];
  for (const [from, to, want] of table)
    assert.equal(
      EMIT_RANK[emitRoomOf(to)]! < EMIT_RANK[emitRoomOf(from)]!,
      want,
      `${from} -> ${to}`,
    );
});

test(`no file in src/ is over ${MAX_LINES} lines`, () => {
  const long = files
    .filter((f) => readFileSync(join(SRC, f), 'utf8').split('\n').length - 1 > MAX_LINES)
    .map((f) => `src/${f}`);
  assert.deepEqual(long, []);
});

test("the README's pipeline table lists the stages of src/ in their order, and the root files", () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const start = readme.indexOf('## The pipeline');
  assert.ok(start >= 0, 'README.md has a "## The pipeline" section');
  const end = readme.indexOf('\n## ', start + 1);
  const table = readme.slice(start, end < 0 ? undefined : end);
  const rows = [...table.matchAll(/^\| ([\w()]+) \| ([^|]+) \|/gm)]
    .map((m) => [m[1]!, m[2]!.trim()] as const)
    .filter(([stage]) => stage !== 'stage');
  const folders = readdirSync(SRC, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  const rootFiles = files.filter((f) => !f.includes('/'));
  assert.deepEqual(
    folders.filter((f) => RANK[f] === undefined),
    [],
    'a folder of src/ without a rank',
  );
  // RANK lists the stages in pipeline order (emit before diff at the same rank), as the table does.
  assert.deepEqual(
    rows.map(([stage]) => (stage === '(root)' ? 'root' : stage)),
    Object.keys(RANK).filter((stage) => stage === 'root' || folders.includes(stage)),
  );
  for (const [stage, where] of rows) {
    if (stage === '(root)')
      assert.deepEqual(
        [...where.matchAll(/`src\/([^`]+)`/g)].map((m) => m[1]).sort(),
        [...rootFiles].sort(),
      );
    else assert.equal(where, `\`src/${stage}\``);
  }
});
