import { readFile } from 'node:fs/promises';
import { ADAPTER_RUNTIME_TEMPLATES } from '../agents/adapters.js';
import { JSON_SCHEMA_FILES, jsonSchemaCopies } from './json-schema-copy.js';

/** The aggregate client's guard: in a shared runtime, never in one client's own copy. */
const AGGREGATE_GUARD_TEMPLATES = ['runtime-aggregate.ts', 'runtime-names.ts'];

/** What an aggregate copies into its own folder when its servers share no runtime: its guard, and what that imports. */
export const AGGREGATE_RUNTIME_TEMPLATES = [
  ...AGGREGATE_GUARD_TEMPLATES,
  'runtime-canonical.ts',
  'runtime-fingerprint.ts',
];

/**
 * The runtime, copied verbatim: runtime.ts and the files it imports, the aggregate's guard, and the
 * validator's sources (json-schema-copy.ts: from its package, not from templates/).
 */
export const RUNTIME_TEMPLATES = [
  'runtime.ts',
  'runtime-result.ts',
  'runtime-invoke.ts',
  'runtime-classify-result.ts',
  'runtime-classify.ts',
  'runtime-client.ts',
  'runtime-canonical.ts',
  'runtime-fingerprint.ts',
  'runtime-guard.ts',
  'runtime-guard-types.ts',
  'runtime-guard-watch.ts',
  'runtime-aggregate.ts',
  'runtime-names.ts',
  'runtime-protocol.ts',
  'runtime-spec.ts',
  'runtime-uri.ts',
  'runtime-validate.ts',
  ...ADAPTER_RUNTIME_TEMPLATES,
  ...JSON_SCHEMA_FILES,
];
const TEMPLATES_DIR = new URL('../../../templates/', import.meta.url);

/**
 * The templates a client's own runtime copy holds: an adapter's only where that adapter is on
 * (`adapterTemplates`), the aggregate's guard never (one client alone has no use for it).
 */
export const runtimeTemplates = (adapterTemplates: readonly string[]): string[] =>
  RUNTIME_TEMPLATES.filter(
    (name) =>
      (!ADAPTER_RUNTIME_TEMPLATES.includes(name) || adapterTemplates.includes(name)) &&
      !AGGREGATE_GUARD_TEMPLATES.includes(name),
  );

/** The runtime files, paths relative to the folder they are copied to, each under the copy note. */
export async function runtimeFiles(
  names: readonly string[],
): Promise<Array<{ path: string; content: string; format: false }>> {
  const copies = new Map(jsonSchemaCopies().files.map((f) => [f.path, f.content]));
  return Promise.all(
    names.map(async (name) => ({
      path: name,
      content:
        copies.get(name) ??
        runtimeHeader() + (await readFile(new URL(name, TEMPLATES_DIR), 'utf8')),
      format: false as const,
    })),
  );
}

function runtimeHeader(): string {
  return '// Copied by mcp-codegen from its templates/runtime.ts. Do not edit: it is replaced on every `mcp-codegen generate`.\n';
}
