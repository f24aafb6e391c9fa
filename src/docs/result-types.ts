import { oneLineDocs } from '../emit/print/doc-lines.js';
import { paragraphs } from '../emit/print/paragraphs.js';
import type { ClientModel, ToolModel } from '../model/types.js';
import { compileDefinitions } from '../schema/compile.js';
import { collectRefs } from '../schema/walk.js';
import { fromOwnEntries } from '../schema/walk.js';
import { decodePointerToken } from '../shared/pointer.js';
import { indentDeclarations } from './code-text.js';

const DEFS = '#/$defs/';

/**
 * Each tool's result as the generated types.ts declares it: the documented branch's type, its
 * alternatives and error envelopes, and every named type they reach, in that order. One
 * json-schema-to-typescript run over the definitions some tool's result reaches (the model's own
 * named schemas, so the names are the client's), indented (code-text.ts), split per declaration.
 */
export async function resultDeclarations(model: ClientModel): Promise<Map<ToolModel, string>> {
  const wanted = new Map<ToolModel, string[]>();
  const needed = new Set<string>();
  for (const tool of model.tools) {
    if (tool.branches.length === 0) continue;
    const names = reach(
      model,
      tool.branches.map((b) => b.typeName),
    );
    wanted.set(tool, names);
    for (const name of names) needed.add(name);
  }
  const out = new Map<ToolModel, string>();
  if (needed.size === 0) return out;
  const subset = fromOwnEntries(
    Object.entries(model.definitions).filter(([name]) => needed.has(name)),
  );
  const source = indentDeclarations(paragraphs(oneLineDocs(await compileDefinitions(subset))));
  const byName = new Map<string, string>();
  for (const chunk of source.trimEnd().split(/\n\n(?=export |\/\*\*)/)) {
    const name = /^export (?:interface|type|const|enum|declare \w+) ([A-Za-z_$][\w$]*)/m.exec(
      chunk,
    )?.[1];
    if (name !== undefined) byName.set(name, chunk);
  }
  for (const [tool, names] of wanted) {
    const chunks = names.map((name) => byName.get(name)).filter((c) => c !== undefined);
    if (chunks.length > 0) out.set(tool, chunks.join('\n\n'));
  }
  return out;
}

/** `start`'s names and every definition they reach through `$ref`s, breadth first, each once. */
function reach(model: ClientModel, start: readonly string[]): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const name = queue.shift()!;
    if (seen.has(name) || !Object.hasOwn(model.definitions, name)) continue;
    seen.add(name);
    order.push(name);
    for (const ref of collectRefs(model.definitions[name]!))
      if (ref.startsWith(DEFS)) queue.push(decodePointerToken(ref.slice(DEFS.length)));
  }
  return order;
}
