import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { ts } from 'ts-morph';
import type { ResolvedConfig } from '../config/types.js';
import { GENERATED_MARK } from '../emit/print/banner.js';
import type { Layout } from '../model/types.js';
import { CodegenError } from '../shared/errors.js';

/** Where the generated client is, and what the planner needs to name it as the generator did. */
export interface ClientLocation {
  /** The output folder, absolute. */
  dir: string;
  serverName: string;
  layout: Layout;
}

/** From `--server`: the config's `out`, `name` and `layout`, exactly what `generate` used. */
export function clientFromConfig(config: ResolvedConfig, server: string): ClientLocation {
  const found = config.servers.find((s) => s.name === server)!;
  return {
    dir: resolve(config.root, found.out),
    serverName: found.name,
    layout: found.layout ?? 'single',
  };
}

/**
 * Without `--server`: the generated `client.ts` among the project's files, recognised by the
 * header every generated file starts with. The server name is read back from its class
 * (`<Name>Client`), the layout from whether `tools.ts` sits beside it.
 */
export function clientFromHeader(programs: readonly ts.Program[], project: string): ClientLocation {
  const found = new Map<string, string>();
  for (const program of programs) {
    for (const file of program.getSourceFiles()) {
      if (basename(file.fileName) !== 'client.ts' || !file.text.startsWith(GENERATED_MARK))
        continue;
      const className = /^export class (\w+)Client\b/m.exec(file.text)?.[1];
      if (className !== undefined) found.set(dirname(file.fileName), className);
    }
  }
  if (found.size !== 1) {
    const dirs = [...found.keys()].sort();
    throw new CodegenError(
      found.size === 0
        ? `diff --impact: no generated client (a client.ts starting with "${GENERATED_MARK}") among the files of ${project}`
        : `diff --impact: ${found.size} generated clients in ${project}: ${dirs.join(', ')}`,
      {
        hint: 'pass --server <name> (the client is then the config server\'s "out"), or --project with the tsconfig that includes the client',
      },
    );
  }
  const [[dir, serverName]] = [...found] as [[string, string]];
  return { dir, serverName, layout: existsSync(join(dir, 'tools.ts')) ? 'single' : 'per-tool' };
}
