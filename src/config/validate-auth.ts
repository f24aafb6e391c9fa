import { InputError } from '../shared/errors.js';
import { pointerToken } from '../shared/pointer.js';
import { knownKeys, list } from './known-keys.js';
import { describe, object } from './values.js';

/** Each kind of `auth` and its keys, in the order the README documents them. */
const AUTH_KEYS = {
  oauth: ['clientId', 'clientSecret', 'clientMetadataUrl', 'scope', 'redirectPort'],
  clientCredentials: ['clientId', 'clientSecret', 'privateKeyFile', 'scope'],
  bearer: ['command'],
} as const;
type AuthKind = keyof typeof AUTH_KEYS;
const KINDS = Object.keys(AUTH_KEYS) as AuthKind[];

const ENV_REFERENCE = /^\$\{[A-Za-z_][A-Za-z0-9_]*\}$/;

/**
 * A `url` source's `auth`: exactly one kind, its keys known and typed. A client secret must be a
 * `${NAME}` reference: written out, it would be committed with the config.
 */
export function checkAuth(value: unknown, headers: unknown, file: string, at: string): void {
  const auth = object(value, file, at, `one of ${list(KINDS.map((k) => `{ ${k} }`))}`);
  const kinds = KINDS.filter((k) => auth[k] !== undefined);
  knownKeys(auth, file, at, KINDS, 'auth');
  if (kinds.length !== 1)
    throw new InputError(
      file,
      at,
      `expected exactly one of ${list(KINDS)}, got ${kinds.length ? kinds.join(', ') : 'none'}`,
      '`oauth` logs in through the browser (`mcp-codegen login`), `clientCredentials` is for CI, `bearer` runs a command that prints a token',
    );
  const kind = kinds[0]!;
  if (headers !== null && typeof headers === 'object')
    for (const name of Object.keys(headers))
      if (name.toLowerCase() === 'authorization')
        throw new InputError(
          file,
          `${at.slice(0, -'/auth'.length)}/headers/${pointerToken(name)}`,
          'an Authorization header and `auth` both say how to authenticate',
          'keep one: `auth` gets and renews the token itself',
        );
  const where = `${at}/${kind}`;
  const body = object(
    auth[kind],
    file,
    where,
    `the ${kind} options { ${AUTH_KEYS[kind].join(', ')} }`,
  );
  knownKeys(body, file, where, AUTH_KEYS[kind], kind);
  if (kind === 'bearer') return checkCommand(body.command, file, `${where}/command`);
  for (const key of ['clientId', 'clientSecret', 'clientMetadataUrl', 'scope', 'privateKeyFile'])
    if (body[key] !== undefined && (typeof body[key] !== 'string' || body[key] === ''))
      throw new InputError(
        file,
        `${where}/${key}`,
        `expected a non-empty string, got ${describe(body[key])}`,
      );
  if (body.clientSecret !== undefined && !ENV_REFERENCE.test(body.clientSecret as string))
    throw new InputError(
      file,
      `${where}/clientSecret`,
      'a client secret must be read from the environment, as "${NAME}"',
      "written out, it would be committed with the config: clientSecret: '${MCP_CLIENT_SECRET}', and set MCP_CLIENT_SECRET (in CI, from a secret)",
    );
  if (kind === 'clientCredentials') {
    if (body.clientId === undefined)
      throw new InputError(
        file,
        `${where}/clientId`,
        'clientCredentials needs the clientId registered with the authorization server',
      );
    if ((body.clientSecret === undefined) === (body.privateKeyFile === undefined))
      throw new InputError(
        file,
        where,
        'clientCredentials needs exactly one of "clientSecret" and "privateKeyFile"',
        'a client secret (client_secret_basic) or a PEM private key whose public key is registered with the client (private_key_jwt)',
      );
    return;
  }
  if (body.clientSecret !== undefined && body.clientId === undefined)
    throw new InputError(
      file,
      `${where}/clientSecret`,
      'a clientSecret needs the clientId it belongs to',
    );
  const port = body.redirectPort;
  if (
    port !== undefined &&
    !(Number.isInteger(port) && (port as number) > 0 && (port as number) < 65536)
  )
    throw new InputError(
      file,
      `${where}/redirectPort`,
      `expected a port number from 1 to 65535, got ${describe(port)}`,
    );
  const metadataUrl = body.clientMetadataUrl as string | undefined;
  if (metadataUrl !== undefined && !metadataUrl.includes('${') && !isHttpsDocument(metadataUrl))
    throw new InputError(
      file,
      `${where}/clientMetadataUrl`,
      `expected an https URL with a path, got ${JSON.stringify(metadataUrl)}`,
      'a client ID metadata document is served over https at a path of its own, e.g. https://example.com/mcp-codegen/client.json',
    );
}

function checkCommand(value: unknown, file: string, at: string): void {
  const ok =
    typeof value === 'string'
      ? value.trim() !== ''
      : Array.isArray(value) && value.length > 0 && value.every((a) => typeof a === 'string');
  if (!ok)
    throw new InputError(
      file,
      at,
      `expected a command line string or a non-empty array of strings, got ${describe(value)}`,
      "the command prints the token on stdout, e.g. command: 'gh auth token'",
    );
}

function isHttpsDocument(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.pathname !== '/';
  } catch {
    return false;
  }
}
