import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { diffSnapshots } from '../src/diff/index.js';
import {
  canonicalSchema,
  parseSnapshot,
  parseSnapshotText,
  serializeSnapshot,
} from '../src/snapshot/index.js';
import { sanitizeSchema } from '../src/schema/sanitize.js';
import type { JsonObject } from '../src/snapshot/types.js';
import { repoRoot } from './helpers/paths.js';
import { renderCatalog } from './helpers/render.js';

// Classes 2 and 5 of issue 10: property names from Object.prototype, and member names the planner
// must own. Compilation of both catalogs is in generate-typecheck.test.ts.
const INHERITED = [
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'toString',
  'valueOf',
];
const prototypeCatalog = join(repoRoot, 'fixtures/catalogs/correct-prototype-names.json');
const memberCatalog = join(repoRoot, 'fixtures/catalogs/correct-member-names.json');

function declaration(types: string, name: string): string {
  return new RegExp(`export (interface|type) ${name}\\b[\\s\\S]*?\\n\\}`).exec(types)?.[0] ?? '';
}

test('given inherited property names, reading and canonical writing keep them as own keys and set no prototype', async () => {
  const snapshot = parseSnapshotText(await readFile(prototypeCatalog, 'utf8'), 'p.json');
  const props = snapshot.tools[0]!.inputSchema.properties as Record<string, unknown>;
  assert.deepEqual(Object.keys(props).sort(), [...INHERITED, 'plain'].sort());
  assert.ok(Object.hasOwn(props, '__proto__'));
  assert.equal(
    Object.getPrototypeOf(props),
    Object.prototype,
    'the "__proto__" key did not become the prototype',
  );
  const canonical = canonicalSchema(snapshot.tools[0]!.inputSchema) as {
    properties: Record<string, unknown>;
  };
  assert.ok(Object.hasOwn(canonical.properties, '__proto__'));
  assert.equal(Object.getPrototypeOf(canonical.properties), Object.prototype);
  const text = serializeSnapshot(snapshot);
  assert.match(
    text,
    /"__proto__": \{\n\s*"description": "the __proto__ field",\n\s*"type": "string"/,
  );
  assert.equal(serializeSnapshot(parseSnapshotText(text, 'again.json')), text, 'round trip');
});

test('given a "__proto__" keyword on a schema node, sanitizing keeps it a key and does not inherit from it', () => {
  const schema = JSON.parse(
    '{"type":"object","__proto__":{"properties":{"evil":{"type":"string"}}},"properties":{"ok":{"type":"number"}}}',
  ) as JsonObject;
  const clean = sanitizeSchema(schema) as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(clean), Object.prototype);
  assert.deepEqual(Object.keys(clean.properties as object), ['ok']);
});

test('given inherited property names, every one is a typed, correctly required property', async () => {
  const { files } = await renderCatalog(prototypeCatalog);
  const types = files.find((f) => f.path === 'types.ts')!.content;
  const input = declaration(types, 'InheritedNamesInput');
  for (const name of INHERITED)
    assert.match(input, new RegExp(`\\n  ${name}: string;`), `${name} is required and a string`);
  assert.match(input, /\n  plain\?: number;/);
  const nested =
    /nested: \{([\s\S]*?)\n  \};/.exec(declaration(types, 'InheritedNamesOutput'))?.[1] ?? '';
  // Optional ones TypeScript knows on every object also admit the inherited member: `{}` must still be assignable.
  const libMembers = new Set([
    'constructor',
    'hasOwnProperty',
    'isPrototypeOf',
    'propertyIsEnumerable',
    'toLocaleString',
    'toString',
    'valueOf',
  ]);
  for (const name of INHERITED) {
    const type = libMembers.has(name) ? `string \\| Object\\['${name}'\\]` : 'string';
    assert.match(
      nested,
      new RegExp(`\\n    ${name}\\?: ${type};`),
      `${name} is optional in nested`,
    );
  }
  assert.doesNotMatch(types, /McpCodegenKey/, 'no placeholder is left');
  // $defs named after inherited names are types like any other.
  assert.match(types, /export type HasOwnProperty = 'constructor' \| '__proto__' \| 'toString';/);
  assert.match(types, /export interface Constructor \{[\s\S]*?toString: number;/);
  assert.match(
    declaration(types, 'InheritedDefsInput'),
    /a\?: Constructor;\s*b\?: HasOwnProperty;\s*c\?: Proto;/,
  );
  // A default and examples carrying inherited names stay documentation.
  assert.match(types, /@default \{"constructor":\{"__proto__":1\},"hasOwnProperty":"x"\}/);
});

test('given inherited property names, the precompiled validators embed them verbatim', async () => {
  const { files } = await renderCatalog(prototypeCatalog);
  const validators = files.find((f) => f.path === 'validators.ts')!.content;
  // Specs reference validators.ts; the schema's property names reach it as string data, never as code.
  for (const name of ['__proto__', 'hasOwnProperty', 'constructor'])
    assert.ok(validators.includes(JSON.stringify(name)), `${name} is checked by name`);
  assert.doesNotMatch(validators, /McpCodegenKey/, 'no placeholder reaches run-time validation');
});

test('given inherited property names, the diff reports each change by name', () => {
  const tool = (props: Record<string, string>, required: string[]) => ({
    name: 't',
    inputSchema: {
      type: 'object',
      properties: Object.fromEntries(Object.entries(props).map(([k, type]) => [k, { type }])),
      required,
    },
  });
  const base = parseSnapshot(
    {
      tools: [
        tool({ ['__proto__']: 'string', hasOwnProperty: 'string', constructor: 'string' }, [
          'hasOwnProperty',
        ]),
      ],
    },
    'b.json',
  );
  const head = parseSnapshot(
    {
      tools: [
        tool({ ['__proto__']: 'number', hasOwnProperty: 'string', toString: 'string' }, [
          'hasOwnProperty',
          'toString',
        ]),
      ],
    },
    'h.json',
  );
  assert.ok(
    Object.hasOwn(base.tools[0]!.inputSchema.properties as object, '__proto__'),
    'Object.fromEntries made "__proto__" a key',
  );
  const findings = diffSnapshots(base, head)
    .findings.map((f) => `${f.id} ${f.pointer}`)
    .sort();
  assert.deepEqual(
    findings,
    [
      'tool-input-property-removed /inputSchema/properties/constructor',
      'tool-input-required-property-added /inputSchema/properties/toString',
      'tool-input-type-narrowed /inputSchema/properties/__proto__/type',
    ].sort(),
  );
});

test('given tools named like the client members, every member name comes from the planner', async () => {
  const { files, model } = await renderCatalog(memberCatalog, 'member-names');
  const methods = Object.fromEntries(model.tools.map((t) => [t.tool.name, t.method]));
  assert.deepEqual(model.groups, {
    resources: 'resources',
    templates: 'templates',
    prompts: 'prompts',
  });
  assert.equal(methods.templates, 'templates2');
  assert.equal(methods.resources, 'resources2');
  assert.equal(methods.prompts, 'prompts2');
  assert.equal(methods.then, 'then_', 'a then member would make the client a thenable');
  assert.equal(methods.constructor, 'constructor_');
  assert.equal(methods.toString, 'toString_');
  assert.equal(methods.__proto__, 'proto');
  const client = files.find((f) => f.path === 'client.ts')!.content;
  for (const group of ['resources', 'templates', 'prompts']) {
    assert.equal(
      client.match(new RegExp(`\\n  readonly ${group} = \\{`, 'g'))?.length,
      1,
      `one ${group} group`,
    );
  }
  // Members inside the groups are planned too: a resource named "then" is not a then.
  assert.match(client, /\n    then_: this\.#resource\('mem:\/\/then'\) as ResourceReader,/);
  // Tool names equal to generated type names get types of their own.
  const typeNames = model.tools.flatMap((t) => [
    t.inputType,
    t.resultType,
    t.errorType,
    ...(t.errorCodeEnum ? [t.errorCodeEnum] : []),
    t.specName,
  ]);
  assert.equal(new Set(typeNames).size, typeNames.length, 'no two declarations share a name');
  assert.ok(!typeNames.includes(model.className) && !typeNames.includes(model.optionsTypeName));
});

test('without helper groups, a tool named "templates" keeps its name', async () => {
  const snapshot = parseSnapshot(
    { tools: [{ name: 'templates', inputSchema: { type: 'object' } }] },
    't.json',
  );
  const { renderClient } = await import('../src/generate/render.js');
  const { model } = await renderClient(snapshot, { name: 't' }, '/x');
  assert.deepEqual(model.groups, {
    resources: undefined,
    templates: undefined,
    prompts: undefined,
  });
  assert.equal(model.tools[0]!.method, 'templates');
});
