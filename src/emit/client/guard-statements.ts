import type { ClientModel } from '../../model/types.js';
import { GUARD_FIELDS } from '../../model/guard-fingerprint.js';
import { readsClient } from '../../model/module-plan.js';
import { block, jsDoc } from '../print/print.js';
import { docs, str } from '../print/text.js';

/** A name longer than this (as printed) puts its tool's hashes on a second line: no line grows past a review diff's width. */
const ONE_LINE_NAME = 60;

/**
 * client.ts's catalog data and `guardClient`: per tool, the hash of each field's canonical JSON.
 * Hashes rather than the canonical text: they name which field changed at a fraction of the size
 * (22 characters a field, where a schema's text can be kilobytes), and they are data, a literal
 * with no work at import time. One string a tool (templates/runtime-fingerprint.ts
 * `unpackFingerprint`), so a changed field is one changed line. Only client.ts holds them, so a
 * bundle of standalone tool functions that never imports client.ts (or `guardClient`) carries none.
 */
export function guardStatements(model: ClientModel): string[] {
  const entries = model.tools.map((t) => {
    const hashes = GUARD_FIELDS.map((field) => t.guardFingerprint[field] ?? '').join('.');
    const name = str(t.tool.name);
    return name.length > ONE_LINE_NAME
      ? `${name} + ${str(` ${hashes}`)},`
      : `${str(`${t.tool.name} ${hashes}`)},`;
  });
  const data = `${jsDoc(docs(`What the guard compares the live tools with: per tool, its name and the SHA-256 (128 bits, base64url) of the canonical JSON of its ${GUARD_FIELDS.join('.')} (empty where it has none).`))}const ${model.guard.fingerprints}: readonly string[] = [\n${entries.join('\n')}\n];`;
  const doc = docs(
    `A guarded \`McpClientLike\` that the tool functions and \`${model.className}\` accept, with \`catalog.verify()\` and \`catalog.onChange(listener)\`.`,
    '`block`: a call to a tool that is no longer listed (`$unavailable`) or whose definition changed (`$changed`) comes back as `ok: false` before anything is sent; the other tools keep working. `warn`: the call goes through and `onWarning` is told. `off`: nothing is listed unless `catalog.verify()` is called.',
  );
  const fn = `${jsDoc(doc)}export function ${model.guard.functionName}(client: McpClientLike, options: GuardOptions & { mode: GuardMode }): GuardedClient ${block(
    [`return guardWith(client, ${model.guard.fingerprints}, options);`],
  )}`;
  // Without the config's `guard` nothing can make a guard that refuses: the data serves `catalog.verify()`.
  return model.guard.enabled ? [data, fn] : [data];
}

/**
 * The constructor's statements for the guard: a guarded view only when the mode is not `off`. Without
 * the config's `guard`, a guard that never refuses (`off`): it answers `catalog.verify()`, and stands in
 * for any guard the client came with, so no call of this class can end in a code its types lack.
 */
export function guardConstructorLines(model: ClientModel): string[] {
  const reads = readsClient(model);
  if (!model.guard.enabled)
    return [
      `const unguarded = guardWith(client, ${model.guard.fingerprints}, { mode: 'off' });`,
      ...(reads ? ['this.#client = unguarded;'] : []),
      `this.${model.guard.member} = unguarded.catalog;`,
    ];
  if (!reads)
    return [
      `this.${model.guard.member} = guardWith(client, ${model.guard.fingerprints}, { mode: options.guard, onWarning: options.onGuardWarning }).catalog;`,
    ];
  return [
    `const guarded = guardWith(client, ${model.guard.fingerprints}, { mode: options.guard, onWarning: options.onGuardWarning });`,
    // An already guarded client passed with no `guard` option keeps its own guard.
    "this.#client = guarded.catalog.mode === 'off' ? client : guarded;",
    `this.${model.guard.member} = guarded.catalog;`,
  ];
}
