import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { discover } from '../../src/snapshot/discover.js';
import { serializeSnapshot } from '../../src/snapshot/write.js';
import { repoRoot } from './paths.js';
import { fixtureCommand } from './servers.js';

/**
 * A project with an aggregate (`Tools` over the `notes` and `db` roles of
 * fixtures/servers/aggregate.ts, which share `search`) as a fresh clone has it: a JSON config, the
 * two snapshots, discovered live once, and no node_modules, so no cache, anywhere above it (a folder
 * under the OS temp dir). Generate into it first; what is then in `g/` is what a clone would check out.
 */
export interface AggregateProject {
  dir: string;
  config: { aggregate: Record<string, unknown> } & Record<string, unknown>;
}

export async function aggregateProject(prefix: string): Promise<AggregateProject> {
  const dir = mkdtempSync(join(tmpdir(), `mcp-codegen-${prefix}-`));
  mkdirSync(join(dir, 'mcp'));
  const roles = ['notes', 'db'];
  for (const role of roles) {
    const snapshot = await discover(
      { stdio: fixtureCommand('aggregate', role) },
      { cwd: repoRoot, env: process.env, serverLabel: role },
    );
    writeFileSync(join(dir, `mcp/${role}.snapshot.json`), serializeSnapshot(snapshot));
  }
  const agents = { standardSchema: true };
  const config = {
    runtime: { out: 'g/runtime' },
    servers: roles.map((name) => ({
      name,
      source: { snapshot: `mcp/${name}.snapshot.json` },
      out: `g/${name}`,
      agents,
    })),
    aggregate: { name: 'Tools', out: 'g/tools', servers: roles, conflicts: 'prefix', agents },
  };
  writeFileSync(join(dir, 'mcp-codegen.config.json'), JSON.stringify(config, null, 2));
  return { dir, config };
}
