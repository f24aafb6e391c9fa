import assert from 'node:assert/strict';
import { basename } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { readSnapshotFile } from '../src/snapshot/index.js';
import { visibleToModel } from '../src/snapshot/mcp-apps.js';
import { fixtureCatalogs, sharedCatalogs } from './helpers/paths.js';
import { emitUnformatted } from './helpers/render.js';

// The code-mode declaration of every catalog compiles on its own (`--strict`, no imports, no other
// file but the standard library), and declares one function per tool the model may see (MCP Apps
// visibility), named as the generated functions.
const shared = sharedCatalogs();
const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts'],
  types: [],
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
};
const NAME = '/code-mode/code-mode.d.ts';

// The standard library parsed once for all catalogs: only the declaration changes between programs.
const base = ts.createCompilerHost(OPTIONS);
const libs = new Map<string, ts.SourceFile | undefined>();

function compileAlone(text: string): string[] {
  const host: ts.CompilerHost = {
    ...base,
    fileExists: (file) => file === NAME || base.fileExists(file),
    readFile: (file) => (file === NAME ? text : base.readFile(file)),
    getSourceFile: (file, language) => {
      if (file === NAME) return ts.createSourceFile(file, text, language, true);
      if (!libs.has(file)) libs.set(file, base.getSourceFile(file, language));
      return libs.get(file);
    },
  };
  const program = ts.createProgram([NAME], OPTIONS, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

// The member names of `declare const tools: { … }`.
function declaredTools(text: string): string[] {
  const file = ts.createSourceFile(NAME, text, ts.ScriptTarget.ES2022, true);
  const names: string[] = [];
  file.forEachChild((node) => {
    if (!ts.isVariableStatement(node)) return;
    for (const d of node.declarationList.declarations)
      if (
        ts.isIdentifier(d.name) &&
        d.name.text === 'tools' &&
        d.type &&
        ts.isTypeLiteralNode(d.type)
      )
        for (const m of d.type.members)
          if (m.name && ts.isIdentifier(m.name)) names.push(m.name.text);
  });
  return names;
}

const catalogs = [...fixtureCatalogs(), ...shared.files];

test('the code-mode declaration compiles alone for every catalog, one function per tool the model may see', async (t) => {
  if (shared.skip) t.diagnostic(shared.skip);
  for (const catalog of catalogs) {
    const snapshot = await readSnapshotFile(catalog);
    const name = basename(catalog, '.json');
    // Both code-mode files are written as emitted (`format: false`): prettier never sees them.
    const { files, model } = await emitUnformatted(snapshot, { name, agents: { codeMode: true } });
    const declaration = files.find((f) => f.path === 'code-mode.d.ts')?.content;
    assert.ok(declaration, `${name}: code-mode.d.ts generated`);
    const parsed = ts.createSourceFile(NAME, declaration, ts.ScriptTarget.ES2022, true);
    assert.ok(!ts.isExternalModule(parsed), `${name}: a script (no top-level import or export)`);
    assert.deepEqual(compileAlone(declaration), [], `${name}: compiles alone`);
    assert.deepEqual(
      declaredTools(declaration),
      model.tools.filter((tool) => visibleToModel(tool.tool)).map((tool) => tool.functionName),
      `${name}: names`,
    );
    // The string export is the file, byte for byte.
    const module = files.find((f) => f.path === 'code-mode-declaration.ts')!.content;
    const literal = /codeModeDeclaration: string = (`[\s\S]*`);\n$/.exec(module)?.[1];
    assert.equal(
      literal && (new Function(`return ${literal}`)() as string),
      declaration,
      `${name}: string export`,
    );
  }
});

test('a declaration that does not type-check is reported (the check can fail)', () => {
  assert.notDeepEqual(
    compileAlone('declare const tools: { a: (input: Missing) => Promise<unknown> };'),
    [],
  );
});
