import type { ResolvedConfig, ServerConfig } from '../config/types.js';
import { mockFileOn } from '../config/mock-switch.js';
import type { JsonValue } from '../snapshot/types.js';
import { sortKeys } from '../snapshot/write.js';

/** What of the config shapes a server's output and warnings (and so the cache key and the manifest). */
export function keyOptions(
  server: ServerConfig,
  config: ResolvedConfig,
  shapes: string | undefined,
  runtimeDir: string | undefined,
): unknown {
  const render = {
    // The shapes file and the config's overrides type results: a changed shape is a changed client.
    outputs: server.outputs ?? null,
    shapes: shapes ?? null,
    name: server.name,
    errors: server.errors ?? null,
    validateInput: server.validateInput ?? null,
    validateOutput: server.validateOutput ?? null,
    layout: server.layout ?? null,
    // Only when set, so that the options hash of every config without it stays what it was.
    ...(server.agents ? { agents: server.agents } : {}),
    ...(server.guard ? { guard: true } : {}),
    // mock.ts's switch, not the CLI's handler module: only what changes the output.
    ...(mockFileOn(server.mock) ? { mock: true } : {}),
    ...(runtimeDir === undefined ? {} : { runtime: runtimeDir }),
    // The docs are written with the client and checked with it: their options are the output's too.
    ...(server.docs ? { docs: server.docs } : {}),
  };
  // The security warnings are cached too, so the lint policies they were found under are part of the key.
  return sortKeys({
    render,
    lint: [config.lint ?? null, server.lint ?? null],
  } as unknown as JsonValue);
}
