/**
 * Schemas are server data: hostile strings in property names, enum/const values, patterns, defaults,
 * descriptions and `$defs` keys stay data in the emitted validators (read back through the TypeScript
 * AST), the module loads and validates them correctly, and nothing it runs generates code.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { Project, SyntaxKind } from 'ts-morph';
import { ValidatorCache } from './helpers/ajv-reference.js';
import { emitValidatorModule } from '../src/emit/client/validators.js';
import type { JsonObject } from '../src/snapshot/types.js';
import { repoRoot } from './helpers/paths.js';
import { loadValidators } from './helpers/validators-module.js';

// Each would set globalThis.mcpPwned if it ever escaped a string literal or comment into code.
const ESCAPES = [
  '"); globalThis.mcpPwned = 1; ("',
  "'); globalThis.mcpPwned = 1; ('",
  '*/ globalThis.mcpPwned = 1; /*',
  '</script><script>globalThis.mcpPwned = 1</script>',
  '`; globalThis.mcpPwned = 1; `',
  '${globalThis.mcpPwned = 1}',
  '\u2028globalThis.mcpPwned = 1;//',
  '\u2029globalThis.mcpPwned = 1;//',
  '\\"; globalThis.mcpPwned = 1; //',
  '\n}; globalThis.mcpPwned = 1; {\n',
  // Text shaped like the code compact.ts rewrites, and like its placeholders.
  ',schemaPath:"#/x",keyword:"type"',
  'const err0 = {};\nif(vErrors === null){\nvErrors = [err0];\n}\nelse {\nvErrors.push(err0);\n}\n',
  '\u00000\u0000',
  'require("ajv/dist/runtime/equal").default',
  // A template's own escapes, a trailing backslash, and a bidi override that would reorder the line.
  '\\`\\${x}` \\',
  '\u202e}`) ; globalThis.mcpPwned = 1 //\u202c',
];
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function hostileSchema(): JsonObject {
  const properties: JsonObject = {};
  ESCAPES.forEach((text, i) => {
    properties[text] = {
      type: 'string',
      description: text,
      title: text,
      default: text,
      $comment: text,
      examples: [text],
      enum: [text, `${text}-${i}`],
      pattern: `^${escapeRegExp(text)}`,
    };
  });
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    description: ESCAPES.join(' '),
    type: 'object',
    properties: {
      ...properties,
      ref: { $ref: `#/$defs/${encodeURIComponent(ESCAPES[0]!)}` },
      c: { const: ESCAPES },
    },
    $defs: { [ESCAPES[0]!]: { type: 'integer', description: ESCAPES[1]! } },
    patternProperties: { [`^x${escapeRegExp(ESCAPES[2]!)}`]: { type: 'number' } },
    propertyNames: { not: { const: `x${ESCAPES[3]!}` } },
    dependentRequired: { [ESCAPES[4]!]: [ESCAPES[5]!] },
    required: [ESCAPES[6]!, ESCAPES[7]!],
    additionalProperties: false,
  };
}

/** Identifiers in the emitted source, read with the TypeScript parser, and whether it parsed cleanly. */
function identifiersOf(source: string): {
  identifiers: Set<string>;
  syntaxErrors: number;
  imports: string[];
} {
  const file = new Project({ useInMemoryFileSystem: true }).createSourceFile(
    'validators.ts',
    source,
  );
  const identifiers = new Set(
    file.getDescendantsOfKind(SyntaxKind.Identifier).map((i) => i.getText()),
  );
  const syntaxErrors = file
    .getPreEmitDiagnostics()
    .filter((d) => d.getCategory() === 1 && d.getCode() < 2000).length;
  const imports = file.getImportDeclarations().map((d) => d.getText());
  return { identifiers, syntaxErrors, imports };
}

function checkStaysData(source: string): void {
  const { identifiers, syntaxErrors, imports } = identifiersOf(source);
  assert.equal(syntaxErrors, 0);
  for (const forbidden of [
    'mcpPwned',
    'eval',
    'Function',
    'require',
    'process',
    'module',
    'exports',
  ]) {
    assert.ok(!identifiers.has(forbidden), `identifier ${forbidden} in the emitted source`);
  }
  assert.deepEqual(imports, [
    'import { jsonSchemaValidator } from "./runtime-validate.js";',
    'import type { Validator } from "./runtime.js";',
  ]);
  // The only bindings named after server text are the shared definitions' consts: `$` and ASCII.
  for (const [, name] of source.matchAll(/^const ([^:\s]+)/gm))
    assert.match(name!, /^\$[A-Za-z_][A-Za-z0-9_]*$/, `const ${name}`);
  assert.ok(!/[\u2028\u2029]/.test(source), 'raw U+2028/U+2029 in the source');
  assert.ok(!/[\u202a-\u202e\u2066-\u2069\u200b-\u200f]/.test(source), 'a raw hidden character');
  assert.ok(!source.includes('import('), 'a dynamic import');
}

describe('a hostile schema', () => {
  test('stays data: no identifier from it, no code generation, no require or import', () => {
    const { source } = emitValidatorModule([{ name: 'hostile', schema: hostileSchema() }]);
    // The schema is written whole, as data: its descriptions too (Standard JSON Schema hands them out).
    assert.match(source, /"description":/);
    checkStaysData(source);
  });

  test('loads without running any of it, and validates its hostile names and values as Ajv does at run time', async () => {
    const schema = hostileSchema();
    const { validators, module } = await loadValidators([{ name: 'hostile', schema }], 'hostile');
    assert.deepEqual(module.warnings, []);
    const validate = validators['hostile']!;
    const cache = new ValidatorCache();
    const good: Record<string, unknown> = { ref: 1, c: ESCAPES };
    for (const text of ESCAPES) good[text] = text;
    const bad: Record<string, unknown> = {
      ...good,
      ref: 'x',
      [ESCAPES[0]!]: 'nope',
      [`x${ESCAPES[2]!}`]: 'n',
      [`x${ESCAPES[3]!}`]: 'v',
    };
    delete bad[ESCAPES[6]!];
    const missingDependency: Record<string, unknown> = { ...good };
    delete missingDependency[ESCAPES[5]!];

    // The JSON text between the backticks reads back as exactly the data the server sent.
    assert.deepEqual((validate as unknown as { schema: unknown }).schema, schema);
    assert.deepEqual(validate(good), []);
    const issues = validate(bad);
    assert.ok(issues.length > 0 && cache.validate(schema, bad).length > 0, 'both reject it');
    const pointer = (key: string) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const byPointer = new Map(issues.map((i) => [`${i.pointer} ${i.keyword}`, i.message]));
    assert.equal(
      byPointer.get(`${pointer(ESCAPES[6]!)} required`),
      `Instance does not have required property "${ESCAPES[6]!}".`,
    );
    assert.ok(byPointer.has(`${pointer(ESCAPES[0]!)} enum`));
    assert.ok(byPointer.has(`${pointer(ESCAPES[0]!)} pattern`));
    assert.ok(byPointer.has('/ref type'));
    // propertyNames: the failing name's own unit (`not`), at the property it names.
    assert.ok(byPointer.has(`${pointer(`x${ESCAPES[3]!}`)} not`));
    assert.ok(byPointer.has(`${pointer(`x${ESCAPES[2]!}`)} type`));
    assert.equal(cache.validate(schema, missingDependency).length > 0, true);
    assert.equal(validate(missingDependency)[0]?.keyword, 'dependentRequired');
    assert.equal((globalThis as { mcpPwned?: unknown }).mcpPwned, undefined);
  });

  test('a hostile compile failure stays data in the message, and the warning has no raw control characters', async () => {
    const schema: JsonObject = {
      properties: { x: { $ref: `https://evil.example/${ESCAPES.join('')}` } },
    };
    const { validators, module } = await loadValidators(
      [{ name: 'remote', schema }],
      'hostile-ref',
    );
    const issues = validators['remote']!({ x: 1 });
    assert.equal(issues.length, 1);
    assert.equal(issues[0]!.keyword, '$compile');
    assert.ok(
      issues[0]!.message.includes('evil.example/') && issues[0]!.message.includes('mcpPwned'),
      'the reason keeps the server text, as data',
    );
    assert.equal(module.warnings.length, 1);
    assert.ok(
      !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(module.warnings[0]!),
      module.warnings[0],
    );
    const { identifiers } = identifiersOf(module.source);
    assert.ok(!identifiers.has('mcpPwned'));
    assert.equal((globalThis as { mcpPwned?: unknown }).mcpPwned, undefined);
  });
});

test("every schema of fixtures/catalogs/hostile.json emits, loads, and gives Ajv's verdict where that compiles", async () => {
  const catalog = JSON.parse(
    await readFile(join(repoRoot, 'fixtures/catalogs/hostile.json'), 'utf8'),
  ) as {
    tools: Array<{ inputSchema: JsonObject; outputSchema?: JsonObject }>;
  };
  const entries = catalog.tools.flatMap((tool, i) => [
    { name: `input${i}`, schema: tool.inputSchema },
    ...(tool.outputSchema ? [{ name: `output${i}`, schema: tool.outputSchema }] : []),
  ]);
  const { validators } = await loadValidators(entries, 'hostile-catalog');
  const cache = new ValidatorCache();
  let compared = 0;
  for (const { name, schema } of entries) {
    for (const value of [
      {},
      { x: 1 },
      { 'resource-group': 'g', evil: 'e', code: 'c', d: { n: { n: 1 } } },
      'text',
      null,
    ]) {
      const runtime = cache.validate(schema, value);
      const emitted = validators[name]!(value);
      // The run-time cache cannot resolve `$ref: "#"` (addUsedSchema: false); the emitted validators can.
      if (runtime[0]?.message.includes("can't resolve reference # from") === true) continue;
      // Ajv could not compile it and @cfworker/json-schema can: an accepted difference
      // (test/validation-differential.test.ts), where it judges values instead of failing closed.
      if (runtime[0]?.keyword === '$compile') continue;
      assert.equal(
        emitted.length === 0,
        runtime.length === 0,
        `${name}(${JSON.stringify(value)}): the same verdict`,
      );
      compared++;
    }
  }
  assert.ok(compared > entries.length, `compared ${compared} results`);
  assert.equal((globalThis as { mcpPwned?: unknown }).mcpPwned, undefined);
});
