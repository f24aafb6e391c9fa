/**
 * The README's exhaustive `switch (result.error.code) { … default: result.error satisfies never }`,
 * emitted for every tool of every catalog (fixtures and ../shared/catalogs) and type-checked: the
 * error type is a union with one member per code, so the pattern compiles for tools with and
 * without declared codes, `details` narrows to the envelope type per case, and a tool's union holds
 * only the runtime codes that can happen to it, so the switch handles no more than those.
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { test } from 'node:test';
import { renderClient } from '../src/generate/render.js';
import type { ServerConfig } from '../src/config/types.js';
import type { ToolModel } from '../src/model/types.js';
import { parseSnapshot, readSnapshotFile } from '../src/snapshot/index.js';
import { fixtureCatalogs, sharedCatalogs, tmpRoot } from './helpers/paths.js';
import { writeFiles } from './helpers/render.js';
import { typecheck } from './helpers/tsc.js';

const shared = sharedCatalogs();

/**
 * The codes a call of the tool can end in, from the catalog and the config rather than from the
 * model's own list: the declared ones, `$unknown` and `$uncoded` always, `$invalid_result` where the
 * tool declares an output schema, `$invalid_input` where the config embedded the input schemas.
 */
function reachableCases(tool: ToolModel, validateInput: boolean): string[] {
  return [
    ...tool.errorCodes.map((c) => `T.${tool.errorCodeEnum}.${c.member}`),
    'T.RuntimeErrorCode.Unknown',
    'T.RuntimeErrorCode.Uncoded',
    ...(tool.tool.outputSchema ? ['T.RuntimeErrorCode.InvalidResult'] : []),
    ...(validateInput ? ['T.RuntimeErrorCode.InvalidInput'] : []),
  ];
}

/** The README's switch over one tool's result, by the exported code objects. */
function switchText(name: string, tool: ToolModel, cases: string[]): string {
  const labels = cases.map((c) => `    case ${c}:\n      return result.error.message;`).join('\n');
  return `export function ${name}(result: T.${tool.resultType}): string {\n  if (result.ok) return '';\n  switch (result.error.code) {\n${labels}\n    default:\n      result.error satisfies never;\n      return '';\n  }\n}`;
}

async function writeClient(
  dir: string,
  snapshot: Parameters<typeof renderClient>[0],
  server: Pick<ServerConfig, 'name' | 'validateInput' | 'errors'>,
  cases: (tool: ToolModel) => string[],
): Promise<number> {
  const { files, model } = await renderClient(snapshot, server, '/nonexistent/out');
  await writeFiles(dir, files);
  const switches = model.tools.map((tool, i) => switchText(`handle${i}`, tool, cases(tool)));
  await writeFile(
    join(dir, 'switch.ts'),
    `import * as T from './index.js';\n\n${switches.join('\n\n')}\n`,
  );
  return switches.length;
}

test('an exhaustive switch over error codes compiles for every tool of every catalog', async (t) => {
  if (shared.skip) t.diagnostic(shared.skip);
  const root = join(tmpRoot, 'exhaustive-switch');
  let tools = 0;
  // Every catalog as configured by default (no input schemas), and the fixtures with them embedded.
  const runs = [
    ...[...fixtureCatalogs(), ...shared.files].map((file) => ({ file, validateInput: false })),
    ...fixtureCatalogs().map((file) => ({ file, validateInput: true })),
  ];
  for (const { file, validateInput } of runs) {
    const name = basename(file, '.json');
    const dir = join(
      root,
      `${name.replace(/[^A-Za-z0-9_-]/g, '_')}${validateInput ? '-checked' : ''}`,
    );
    tools += await writeClient(dir, await readSnapshotFile(file), { name, validateInput }, (tool) =>
      reachableCases(tool, validateInput),
    );
  }
  assert.ok(tools > 0);
  for (const resolution of ['nodenext', 'bundler'] as const) {
    const result = await typecheck(root, resolution);
    assert.ok(
      result.ok,
      `tsc (${resolution}) over ${tools} switches:\n${result.output.slice(0, 4000)}`,
    );
  }
});

test('a code the server adds to a tool breaks a switch that does not handle it; a code that cannot happen is no case', async () => {
  const root = join(tmpRoot, 'exhaustive-switch-added');
  await mkdir(root, { recursive: true });
  const snapshot = parseSnapshot(
    { tools: [{ name: 'list_items', inputSchema: { type: 'object' } }] },
    'added.json',
  );
  // The switch written for the tool as it was: no declared codes, no output schema, no input check.
  const before = ['T.RuntimeErrorCode.Unknown', 'T.RuntimeErrorCode.Uncoded'];
  await writeClient(join(root, 'before'), snapshot, { name: 'items' }, () => before);
  const clean = await typecheck(join(root, 'before'), 'nodenext');
  assert.ok(clean.ok, `the switch compiles against the tool as it was:\n${clean.output}`);

  // The same switch once the config declares a code for the tool: it must fail to compile.
  await writeClient(
    join(root, 'after'),
    snapshot,
    { name: 'items', errors: { tools: { list_items: { rate_limited: 'Too many requests' } } } },
    () => before,
  );
  const broken = await typecheck(join(root, 'after'), 'nodenext');
  assert.equal(broken.ok, false, 'a non-exhaustive switch must not compile');
  assert.match(broken.output, /switch\.ts\(\d+,\d+\): error TS1360: .*"rate_limited"/);

  // A case for a code that cannot happen to the tool (no input schema embedded) is an error too.
  await writeClient(join(root, 'impossible'), snapshot, { name: 'items' }, () => [
    ...before,
    'T.RuntimeErrorCode.InvalidInput',
  ]);
  const impossible = await typecheck(join(root, 'impossible'), 'nodenext');
  assert.equal(impossible.ok, false, 'a case for $invalid_input must not compile');
  assert.match(impossible.output, /switch\.ts\(\d+,\d+\): error TS2678: .*"\$invalid_input"/);
});
