import { posix } from 'node:path';
import { InputError } from '../shared/errors.js';
import {
  AGENT_SWITCH_KEYS,
  AGENT_SWITCHES_SHAPE,
  agentSwitchesOn,
  type AgentSwitches,
} from './agent-switches.js';
import { CONFLICT_POLICIES } from './types.js';
import { knownKeys, list } from './known-keys.js';
import { describe, object } from './values.js';

const AGGREGATE_KEYS = ['name', 'out', 'servers', 'conflicts', 'prefixAll', 'agents'] as const;

/** A folder as written, compared with the others: `./out/a/` and `out/a` are one folder. */
const folder = (path: string) => posix.normalize(path.split('\\').join('/')).replace(/\/$/, '');

/** A shared folder must not be a server's output folder: the two manifests would fight over it. */
function notServerOut(out: string, servers: unknown[], file: string, at: string): void {
  const clash = servers.find((s) => folder(String((s as { out?: unknown }).out)) === folder(out));
  if (clash)
    throw new InputError(
      file,
      at,
      `${JSON.stringify(out)} is the output folder of server ${JSON.stringify((clash as { name?: unknown }).name)}`,
      'give it a folder of its own',
    );
}

/** `runtime: { out }`: the shared runtime's folder. */
export function checkRuntime(value: unknown, servers: unknown[], file: string): void {
  const runtime = object(value, file, '/runtime', '{ out }');
  knownKeys(runtime, file, '/runtime', ['out'], 'runtime');
  if (typeof runtime.out !== 'string' || runtime.out === '')
    throw new InputError(
      file,
      '/runtime/out',
      `expected a folder path, got ${describe(runtime.out)}`,
      'a folder relative to the config, e.g. "src/generated/runtime"',
    );
  notServerOut(runtime.out, servers, file, '/runtime/out');
}

/**
 * `aggregate`: its servers must be configured ones, listed once each; an agent switch needs the same
 * switch on each of them, or one that turns it on (the aggregate's agent files are made from theirs).
 */
export function checkAggregate(value: unknown, servers: unknown[], file: string): void {
  const at = '/aggregate';
  const aggregate = object(value, file, at, '{ name, out, servers, conflicts }');
  knownKeys(aggregate, file, at, AGGREGATE_KEYS, 'aggregate');
  if (typeof aggregate.name !== 'string' || !/[A-Za-z]/.test(aggregate.name))
    throw new InputError(
      file,
      `${at}/name`,
      `expected a name such as "Tools", got ${describe(aggregate.name)}`,
    );
  if (typeof aggregate.out !== 'string' || aggregate.out === '')
    throw new InputError(
      file,
      `${at}/out`,
      `expected a folder path, got ${describe(aggregate.out)}`,
    );
  notServerOut(aggregate.out, servers, file, `${at}/out`);
  if (!CONFLICT_POLICIES.includes(aggregate.conflicts as never))
    throw new InputError(
      file,
      `${at}/conflicts`,
      `expected one of ${list(CONFLICT_POLICIES)}, got ${describe(aggregate.conflicts)}`,
    );
  if (aggregate.prefixAll !== undefined && typeof aggregate.prefixAll !== 'boolean')
    throw new InputError(
      file,
      `${at}/prefixAll`,
      `expected true or false, got ${describe(aggregate.prefixAll)}`,
    );
  const configured = new Map(
    servers.map((s) => {
      const server = s as { name: string; agents?: AgentSwitches };
      return [server.name, server] as const;
    }),
  );
  const names = aggregate.servers;
  if (!Array.isArray(names) || names.length < 2)
    throw new InputError(
      file,
      `${at}/servers`,
      'expected the names of at least two servers',
      `servers: ${list([...configured.keys()])}`,
    );
  const seen = new Set<unknown>();
  names.forEach((name, i) => {
    if (typeof name !== 'string' || !configured.has(name))
      throw new InputError(
        file,
        `${at}/servers/${i}`,
        `no server named ${describe(name)} in servers`,
        `servers: ${list([...configured.keys()])}`,
      );
    if (seen.has(name))
      throw new InputError(file, `${at}/servers/${i}`, `${JSON.stringify(name)} is listed twice`);
    seen.add(name);
  });
  if (aggregate.agents === undefined) return;
  const agents = object(aggregate.agents, file, `${at}/agents`, AGENT_SWITCHES_SHAPE);
  knownKeys(agents, file, `${at}/agents`, AGENT_SWITCH_KEYS, 'aggregate.agents');
  for (const flag of AGENT_SWITCH_KEYS) {
    if (agents[flag] === undefined) continue;
    if (typeof agents[flag] !== 'boolean')
      throw new InputError(
        file,
        `${at}/agents/${flag}`,
        `expected true or false, got ${describe(agents[flag])}`,
      );
    if (agents[flag] !== true) continue;
    for (const name of names as string[]) {
      if (agentSwitchesOn(configured.get(name)!.agents)[flag] !== true)
        throw new InputError(
          file,
          `${at}/agents/${flag}`,
          `the aggregate's ${flag} is made from each server's, and server ${JSON.stringify(name)} has it off`,
          `set agents: { ${flag}: true } on server ${JSON.stringify(name)} too`,
        );
    }
  }
}
