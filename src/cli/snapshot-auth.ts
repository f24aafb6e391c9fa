import type { HttpAuth } from '../config/types.js';
import type { LoginAdvice } from '../discover/auth/options.js';
import { label } from '../discover/auth/store.js';
import { CodegenError, ExitCode } from '../shared/errors.js';

/** `snapshot --url`'s authentication flags. */
export const AUTH_FLAGS = {
  auth: { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret-env': { type: 'string' },
  scope: { type: 'string' },
} as const;

export const AUTH_HELP = `  --auth <kind>             With --url: oauth logs in through the browser at a terminal (the
                            token is stored outside the repository and refreshed; without a
                            terminal and a stored login, exit 4); client-credentials gets a token
                            with --client-id and the secret in --client-secret-env (for CI).
  --client-id <id>          The client registered with the authorization server (oauth: optional,
                            registered dynamically without it; client-credentials: required).
  --client-secret-env <NAME>
                            The environment variable that holds the client secret. A secret is
                            never given on the command line, where shell history and CI logs keep it.
  --scope "<scopes>"        The scopes to ask for, space-separated.`;

const KINDS = ['oauth', 'client-credentials'] as const;

/** The `auth` of a `--url` source from the flags, or undefined when none is given. */
export interface AuthFlagValues {
  auth?: string;
  'client-id'?: string;
  'client-secret-env'?: string;
  scope?: string;
}

/** The flags of `AUTH_FLAGS` that were given, by name. */
export function givenAuthFlags(values: AuthFlagValues): string[] {
  return (['auth', 'client-id', 'client-secret-env', 'scope'] as const)
    .filter((flag) => values[flag] !== undefined)
    .map((flag) => `--${flag}`);
}

export function authFromFlags(values: AuthFlagValues): HttpAuth | undefined {
  const kind = values.auth;
  const rest = ['client-id', 'client-secret-env', 'scope'] as const;
  if (kind === undefined) {
    const stray = rest.find((flag) => values[flag] !== undefined);
    if (stray) throw usage(`--${stray} goes with --auth oauth or --auth client-credentials`);
    return undefined;
  }
  if (!(KINDS as readonly string[]).includes(kind))
    throw usage(`--auth must be one of ${KINDS.join(', ')}, got ${JSON.stringify(kind)}`);
  const secretEnv = values['client-secret-env'];
  if (secretEnv !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(secretEnv))
    throw usage(
      `--client-secret-env takes the name of an environment variable, got ${JSON.stringify(secretEnv)}`,
      'give the variable, not the secret: --client-secret-env MCP_CLIENT_SECRET',
    );
  const clientSecret = secretEnv === undefined ? {} : { clientSecret: `\${${secretEnv}}` };
  const scope = values.scope === undefined ? {} : { scope: values.scope };
  const clientId = values['client-id'];
  if (kind === 'oauth') {
    if (secretEnv !== undefined && clientId === undefined)
      throw usage('--client-secret-env needs the --client-id it belongs to');
    return {
      oauth: { ...(clientId !== undefined ? { clientId } : {}), ...clientSecret, ...scope },
    };
  }
  if (clientId === undefined || secretEnv === undefined)
    throw usage(
      '--auth client-credentials needs --client-id <id> and --client-secret-env <NAME>',
      'e.g. --auth client-credentials --client-id ci-bot --client-secret-env MCP_CLIENT_SECRET',
    );
  return { clientCredentials: { clientId, ...clientSecret, ...scope } };
}

/** What `snapshot --url` messages say to do about a login. */
export function snapshotAdvice(url: string): LoginAdvice {
  return {
    login: `mcp-codegen snapshot --url ${label(url)} --auth oauth --out <file>`,
    clientCredentials: 'use --auth client-credentials --client-id <id> --client-secret-env <NAME>',
    useOAuth: 'add --auth oauth (at a terminal it logs in through the browser)',
  };
}

function usage(message: string, hint = 'run `mcp-codegen snapshot --help`'): CodegenError {
  return new CodegenError(`snapshot: ${message}`, { exitCode: ExitCode.usage, hint });
}
