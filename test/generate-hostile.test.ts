import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { Project, SyntaxKind } from 'ts-morph';
import { renderClient } from '../src/generate/render.js';
import { parseSnapshot } from '../src/snapshot/index.js';
import { repoRoot } from './helpers/paths.js';
import { renderCatalog } from './helpers/render.js';

const hostile = join(repoRoot, 'fixtures/catalogs/hostile.json');

test('server text never becomes code: no statement reaches `process`', async () => {
  const { files } = await renderCatalog(hostile, 'hostile');
  const project = new Project({ useInMemoryFileSystem: true });
  for (const file of files.filter((f) => f.path !== 'runtime.ts')) {
    const source = project.createSourceFile(file.path, file.content, { overwrite: true });
    const identifiers = source.getDescendantsOfKind(SyntaxKind.Identifier).map((i) => i.getText());
    assert.ok(!identifiers.includes('process'), `${file.path} has an identifier "process"`);
    assert.equal(
      source.getPreEmitDiagnostics().filter((d) => d.getCategory() === 1 && d.getCode() < 2000)
        .length,
      0,
      `${file.path} parses`,
    );
    // Every doc comment closes where we closed it: the server's "*/" was neutralised.
    for (const doc of source.getDescendantsOfKind(SyntaxKind.JSDoc))
      assert.ok(!doc.getInnerText().includes('*/'));
  }
});

test('names from hostile tool names are identifiers, decided by a naming pass', async () => {
  const { model } = await renderCatalog(hostile, 'hostile');
  const methods = Object.fromEntries(model.tools.map((t) => [t.tool.name, t.method]));
  assert.equal(methods['foo-bar'], 'fooBar');
  assert.equal(methods['foo_bar'], 'fooBar2');
  assert.equal(methods['constructor'], 'constructor_');
  assert.equal(methods['toString'], 'toString_');
  assert.equal(methods['Promise'], 'promise');
  assert.equal(methods['2fa-login'], 'tool2FaLogin');
  assert.match(methods['日本語']!, /^tool[0-9A-Fa-f]{6}$/);
  assert.deepEqual(model.warnings.slice(0, 3), [
    'tool "foo_bar" is named fooBar2: FooBar was taken by another tool whose name sorts first',
    // The schema stage's own warnings (test/correct-*.test.ts covers them).
    'tool "cyclic": inputSchema at /$defs/a: $ref chain that loops back on itself: typed as unknown',
    'tool "cyclic": inputSchema at /$defs/b: $ref chain that loops back on itself: typed as unknown',
  ]);
  assert.match(
    model.warnings[3]!,
    /^tool "deep": inputSchema at \/properties\/d\/properties\/n\/.*…: \(nested deeper than 64 levels: typed as unknown\)$/,
  );
  assert.equal(model.warnings.length, 4);
  for (const tool of model.tools) {
    for (const name of [
      tool.method,
      tool.inputType,
      tool.resultType,
      tool.errorType,
      ...(tool.errorCodeEnum ? [tool.errorCodeEnum] : []),
      tool.specName,
    ]) {
      assert.match(name, /^[A-Za-z_$][A-Za-z0-9_$]*$/);
    }
  }
  // Naming does not depend on listing order.
  const catalog = JSON.parse(
    await import('node:fs/promises').then((fs) => fs.readFile(hostile, 'utf8')),
  ) as { tools: unknown[] };
  const reversed = await renderClient(
    parseSnapshot({ ...catalog, tools: [...catalog.tools].reverse() }, 'r.json'),
    { name: 'hostile' },
    '/x',
  );
  assert.deepEqual(
    Object.fromEntries(reversed.model.tools.map((t) => [t.tool.name, t.method])),
    methods,
  );
});

test('generator directives, titles and remote refs are not obeyed', async () => {
  const { files } = await renderCatalog(hostile, 'hostile');
  const types = files.find((f) => f.path === 'types.ts')!.content;
  assert.doesNotMatch(types, /X = \(process/, 'tsEnumNames ignored');
  assert.match(types, /evil: string;/, 'tsType ignored: the declared type is used');
  assert.match(
    types,
    /export interface InjectOutput \{\s*ok: boolean;\s*\}/,
    'a tsType on an output schema is ignored',
  );
  assert.doesNotMatch(
    types,
    /interface Promise\b|type Promise\b|interface Array\b/,
    'titles do not name types',
  );
  assert.match(types, /'resource-group': string;/, 'non-identifier property names are quoted');
  assert.match(
    types,
    /point: \[number, number\];/,
    'prefixItems with items:false is a closed tuple',
  );
  assert.match(
    types,
    /open\?: \[string, \.\.\.boolean\[\]\];/,
    'prefixItems with items is an open tuple',
  );
  assert.match(types, /children\?: Node\[\];/, 'a cyclic $ref is a recursive type');
  assert.match(
    types,
    /sibling\?: Node;/,
    'a JSON pointer into a sibling path resolves (here to the alias it points at)',
  );
  assert.match(types, /viaDefinitions\?: Legacy;/, 'draft-07 #/definitions refs resolve');
  assert.match(
    types,
    /nested deeper than 64 levels/,
    'a very deep schema is cut off, not a stack overflow',
  );
});

test('no $ref is fetched over the network or read from disk', async () => {
  let requests = 0;
  const server = createServer((_req, res) => {
    requests++;
    res.end(JSON.stringify({ tsType: 'never', type: 'string' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const dir = await mkdtemp(join(tmpdir(), 'mcp-codegen-ref-'));
  await writeFile(
    join(dir, 'secret.json'),
    JSON.stringify({ type: 'string', description: 'SECRET-FILE-CONTENT' }),
  );
  try {
    const snapshot = parseSnapshot(
      {
        tools: [
          {
            name: 'refs',
            inputSchema: {
              type: 'object',
              properties: {
                http: { $ref: `http://127.0.0.1:${port}/schema.json` },
                file: { $ref: join(dir, 'secret.json') },
                fileUrl: { $ref: `file://${join(dir, 'secret.json')}` },
              },
            },
          },
        ],
      },
      'refs.json',
    );
    const { files } = await renderClient(snapshot, { name: 'refs' }, dir);
    const all = files.map((f) => f.content).join('\n');
    assert.equal(requests, 0, 'no HTTP request was made');
    assert.doesNotMatch(all, /SECRET-FILE-CONTENT/, 'no local file was read');
    assert.match(all, /is not followed: typed as unknown/);
  } finally {
    server.close();
  }
});

test('a config naming a tool the server does not list is a warning, not silence', async () => {
  const snapshot = parseSnapshot(
    { tools: [{ name: 'set_alert', inputSchema: { type: 'object' } }] },
    's.json',
  );
  const { model } = await renderClient(
    snapshot,
    { name: 's', errors: { tools: { 'set-alert': { limit: '' } } } },
    '/x',
  );
  assert.equal(model.warnings.length, 1);
  assert.match(
    model.warnings[0]!,
    /errors\.tools names "set-alert", which the server does not list \(tools: set_alert\)/,
  );
});

test('a $ref inside data (a vendor extension, a default, examples) is not followed: generation does not crash', async () => {
  // The shape GitHub's REST description has: x-github-breaking-changes holds a schema patch with a $ref.
  const outputSchema = {
    type: 'object',
    properties: { m: { $ref: '#/$defs/Migration' } },
    $defs: {
      Migration: {
        type: 'object',
        properties: { id: { type: 'integer' } },
        'x-vendor-changes': [
          { patch: [{ op: 'replace', value: { items: { $ref: '#/$defs/nowhere' } } }] },
        ],
        default: { $ref: '#/$defs/also-nowhere' },
      },
    },
  };
  const snapshot = parseSnapshot(
    {
      tools: [
        {
          name: 'list',
          inputSchema: { type: 'object', examples: [{ $ref: '#/x' }] },
          outputSchema,
        },
      ],
    },
    'x.json',
  );
  const { files } = await renderClient(snapshot, { name: 'refs-in-data' }, '/x');
  const types = files.find((f) => f.path === 'types.ts')!.content;
  assert.match(types, /export interface Migration \{[\s\S]*?id\?: number;/);
  assert.doesNotMatch(types, /nowhere/);
});
