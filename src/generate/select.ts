import type { ResolvedConfig, ServerConfig } from '../config/types.js';
import { CodegenError } from '../shared/errors.js';
import { plural } from '../shared/plural.js';
import type { Snapshot } from '../snapshot/types.js';

/** What a catalog holds, in one phrase: `3 tools, 1 resource, 0 templates, 2 prompts`. */
export function counts(snapshot: Snapshot): string {
  return [
    plural(snapshot.tools.length, 'tool'),
    plural(snapshot.resources.length, 'resource'),
    plural(snapshot.resourceTemplates.length, 'template'),
    plural(snapshot.prompts.length, 'prompt'),
  ].join(', ');
}

export function selectServers(config: ResolvedConfig, only: string[] | undefined): ServerConfig[] {
  if (!only?.length) return config.servers;
  const unknown = only.filter((name) => !config.servers.some((s) => s.name === name));
  if (unknown.length) {
    throw new CodegenError(
      `no server named ${unknown.map((n) => JSON.stringify(n)).join(', ')} in ${config.file ?? 'the config'}`,
      {
        hint: `servers: ${config.servers.map((s) => s.name).join(', ')}`,
      },
    );
  }
  return config.servers.filter((s) => only.includes(s.name));
}
