import { CodegenError } from '../shared/errors.js';
import type { Environment } from '../shared/host.js';

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Replace every `${NAME}` in `value` with the environment variable NAME, so secrets (tokens in
 * headers, keys in a server's env) live in the environment, not in config files or shell history.
 * A missing variable is an error naming it and the place it was used: sending
 * `Authorization: Bearer ` with an empty token would fail later with a far less helpful 401.
 */
export function interpolateEnv(value: string, env: Environment, where: string): string {
  return value.replace(REFERENCE, (_match, name: string) => {
    const found = env[name];
    if (found === undefined) {
      throw new CodegenError(
        `${where} uses \${${name}}, but the environment variable ${name} is not set`,
        {
          hint: `set it before running, e.g. \`export ${name}=...\` (in CI: a secret exposed as ${name})`,
        },
      );
    }
    return found;
  });
}

/** `interpolateEnv` over each value of a record; `what` names the record, e.g. `header`. */
export function interpolateRecord(
  record: Record<string, string> | undefined,
  env: Environment,
  what: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(record ?? {}))
    out[key] = interpolateEnv(value, env, `${what} ${JSON.stringify(key)}`);
  return out;
}
