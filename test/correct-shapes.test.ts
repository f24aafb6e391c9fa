import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { Project, SyntaxKind } from 'ts-morph';
import { repoRoot } from './helpers/paths.js';
import { renderCatalog } from './helpers/render.js';

// Classes 3, 4, 6 and 7 of issue 10: non-object inputs, $ref cycles without structure, loose
// objects and doc tags. That the catalogs compile (and what the types accept) is generate-typecheck.test.ts.
const catalog = (name: string) => join(repoRoot, `fixtures/catalogs/correct-${name}.json`);
const typesOf = (files: Array<{ path: string; content: string }>) =>
  files.find((f) => f.path === 'types.ts')!.content;

test('given input schemas of every shape, the model decides object or open, and what may be omitted', async () => {
  const { model } = await renderCatalog(catalog('input-kinds'));
  const kinds = Object.fromEntries(
    model.tools.map((t) => [t.tool.name, `${t.inputKind}${t.inputOptional ? ' optional' : ''}`]),
  );
  assert.deepEqual(kinds, {
    all_of_object: 'object',
    array_input: 'open optional',
    empty_input: 'open optional',
    enum_input: 'open optional',
    false_input: 'open optional',
    no_input_schema: 'object optional',
    nullable_object: 'open optional',
    one_of_mixed: 'open optional',
    ref_to_object: 'object',
    ref_to_string: 'open optional',
    string_input: 'open optional',
    true_input: 'open optional',
    union_of_objects: 'object',
  });
});

test('given a string input schema, the method takes an open object and says why; its own type is exported', async () => {
  const { files } = await renderCatalog(catalog('input-kinds'));
  const client = files.find((f) => f.path === 'client.ts')!.content;
  assert.match(
    client,
    /The server's inputSchema does not describe an object \(its type is exported as `StringInputInput`\); MCP sends arguments as an object, so this takes one\.[\s\S]*?stringInput\(\s*input: Record<string, unknown> = \{\},/,
  );
  assert.match(
    client,
    /unionOfObjects\(\s*input: types\.UnionOfObjectsInput,\s*options\?: RequestOptions,?\s*\)/,
  );
  assert.match(typesOf(files), /export type StringInputInput = string;/);
});

test('given boolean input schemas, reading keeps their meaning in object form', async () => {
  const { model } = await renderCatalog(catalog('input-kinds'));
  const schema = (name: string) => model.tools.find((t) => t.tool.name === name)!.tool.inputSchema;
  assert.deepEqual(schema('true_input'), {});
  assert.deepEqual(schema('false_input'), { not: {} });
});

test('given $ref cycles without structure, each member is unknown with a warning; a real recursive type stays', async () => {
  const { files, model } = await renderCatalog(catalog('ref-cycles'));
  assert.deepEqual(model.warnings, [
    'tool "allof_cycle": inputSchema at /$defs/V: $ref cycle through unions or intersections only, with no object or array in between: typed as unknown',
    'tool "allof_cycle": inputSchema at /$defs/W: $ref cycle through unions or intersections only, with no object or array in between: typed as unknown',
    'tool "root_self": inputSchema at /properties/r: $ref chain that loops back on itself: typed as unknown',
    'tool "self_alias": inputSchema at /$defs/A: $ref chain that loops back on itself: typed as unknown',
    'tool "structured_cycle": outputSchema at /$defs/O: $ref chain that loops back on itself: typed as unknown',
    'tool "three_cycle_with_descriptions": inputSchema at /$defs/X: $ref chain that loops back on itself: typed as unknown',
    'tool "three_cycle_with_descriptions": inputSchema at /$defs/Y: $ref chain that loops back on itself: typed as unknown',
    'tool "three_cycle_with_descriptions": inputSchema at /$defs/Z: $ref chain that loops back on itself: typed as unknown',
    'tool "two_cycle": inputSchema at /$defs/A: $ref chain that loops back on itself: typed as unknown',
    'tool "two_cycle": inputSchema at /$defs/B: $ref chain that loops back on itself: typed as unknown',
    'tool "union_cycle": inputSchema at /$defs/U: $ref cycle through unions or intersections only, with no object or array in between: typed as unknown',
    // No validator warning: @cfworker/json-schema follows the loop as far as the value goes (Ajv's
    // compiled code overflowed its stack on it, and that validator failed closed).
  ]);
  const types = typesOf(files);
  for (const name of ['U', 'V', 'W'])
    assert.match(types, new RegExp(`export type ${name} = unknown;`));
  assert.doesNotMatch(types, /export type (\w+) = \1;/);
  assert.match(types, /export interface Tree \{\s*children\?: Tree\[\];\s*\}/);
  assert.match(
    types,
    /export interface TwoCycleInput \{[\s\S]*?a\?: unknown;[\s\S]*?b\?: unknown;/,
  );
});

test('given object schemas without properties, they are open maps; closed or shaped ones stay closed', async () => {
  const { files } = await renderCatalog(catalog('loose-objects'));
  const types = typesOf(files);
  const openMap = '\\{\\s*\\[k: string\\]: unknown \\| undefined;\\s*\\}';
  assert.match(types, new RegExp(`export interface NoArgumentsInput ${openMap}`));
  assert.match(types, new RegExp(`export interface NoArgumentsOutput ${openMap}`));
  for (const [name, optional] of [
    ['meta', ''],
    ['empty', '\\?'],
    ['data', ''],
  ] as const) {
    assert.match(types, new RegExp(`\\n  ${name}${optional}: ${openMap};`), name);
  }
  assert.match(
    types,
    new RegExp(`either\\?:\\s*\\| string\\s*\\| ${openMap};`),
    'a bare object in a union',
  );
  assert.match(types, new RegExp(`nullable\\?: null \\| ${openMap};`));
  assert.match(types, new RegExp(`list\\?: ${openMap}\\[\\];`));
  assert.match(
    types,
    /closed\?: \{ \[key: string\]: never \};/,
    'additionalProperties: false and nothing declared: only {}',
  );
  assert.match(types, /shaped\?: \{\s*k\?: string;\s*\};/, 'declared properties stay closed');
  assert.match(types, /typed_map\?: \{\s*\[k: string\]: number \| undefined;\s*\};/);
});

test('given constraints, defaults and examples, they are JSDoc tags on the property, and server text stays inert', async () => {
  const { files } = await renderCatalog(catalog('doc-tags'));
  const types = typesOf(files);
  assert.match(
    types,
    /\* How many days\n\s*\*\n\s*\* @default 3\n\s*\* @minimum 1\n\s*\* @maximum 7\n\s*\*\/\n\s*days\?: number;/,
  );
  assert.match(
    types,
    /\* @minLength 2\n\s*\* @maxLength 40\n\s*\* @pattern \^\[a-z\]\+\* \/ process\.exit\(1\) \/\*\$\n\s*\* @example "paris"\n/,
  );
  assert.match(types, /\* @deprecated\n[\s\S]*?\* @format email\n\s*\*\/\n\s*email\?: string;/);
  assert.match(
    types,
    /\* @exclusiveMinimum 0\n\s*\* @exclusiveMaximum 1\n\s*\* @multipleOf 0\.5\n/,
  );
  // json-schema-to-typescript prints the item counts itself, after our tags: once each.
  assert.match(types, /\* @default \["x"\]\n\s*\*\n\s*\* @minItems 1\n\s*\* @maxItems 3\n/);
  assert.equal(types.match(/@minItems/g)?.length, 1);
  assert.match(
    types,
    /\* @default "a\\n\* \/ x"\n/,
    'a line break in a default is escaped, its */ broken',
  );
  assert.match(
    types,
    /\* @minimum -100\n\s*\* @maximum 100\n\s*\* @example 21\.5\n\s*\*\/\n\s*temp: number;/,
  );
  // Every comment closes where the generator closed it, and no server text became code.
  const project = new Project({ useInMemoryFileSystem: true });
  const source = project.createSourceFile('types.ts', types);
  for (const doc of source.getDescendantsOfKind(SyntaxKind.JSDoc))
    assert.ok(!doc.getInnerText().includes('*/'));
  assert.ok(
    !source.getDescendantsOfKind(SyntaxKind.Identifier).some((i) => i.getText() === 'process'),
  );
});
