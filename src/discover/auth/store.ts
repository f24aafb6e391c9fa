import { createHash } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { writeFileAtomic } from '../../shared/atomic.js';
import type { Environment } from '../../shared/host.js';
import { isObject } from '../../shared/json.js';
import { withFileLock } from './lock.js';

/** What is stored for one authorization server (issuer) of one MCP server. */
export interface IssuerLogin {
  /** The client registration (dynamic, or a client ID metadata document), stamped with its issuer by the SDK. */
  client?: OAuthClientInformationMixed;
  /** The tokens as the SDK's `auth()` saved them, refresh token included. */
  tokens?: OAuthTokens;
  /** When `tokens` were saved (ms since the epoch): with `expires_in`, when the access token expires. */
  savedAt?: number;
}

/** One MCP server's file: keyed by its URL (the file name) and by issuer (inside). */
export interface StoredServer {
  format: 'mcp-codegen/auth';
  version: 1;
  /** The server's URL without its query, to say whose file this is. */
  server: string;
  /** The SDK's discovery state: which authorization server the MCP server names, and its metadata. */
  discovery?: OAuthDiscoveryState;
  issuers: Record<string, IssuerLogin>;
}

/**
 * The token store's folder: `MCP_CODEGEN_AUTH_DIR`, else `$XDG_DATA_HOME/mcp-codegen`, else
 * `~/.local/share/mcp-codegen` (on Windows `%LOCALAPPDATA%\mcp-codegen`). Never the repository.
 */
export function authDir(env: Environment, cwd: string): string {
  if (env.MCP_CODEGEN_AUTH_DIR) return resolve(cwd, env.MCP_CODEGEN_AUTH_DIR);
  // The XDG spec: a relative XDG_DATA_HOME is invalid and ignored.
  if (env.XDG_DATA_HOME && isAbsolute(env.XDG_DATA_HOME))
    return join(env.XDG_DATA_HOME, 'mcp-codegen');
  if (process.platform === 'win32' && env.LOCALAPPDATA)
    return join(env.LOCALAPPDATA, 'mcp-codegen');
  return join(env.HOME || homedir(), '.local', 'share', 'mcp-codegen');
}

/** The server URL a login belongs to: the URL as given, without its fragment. */
function serverKey(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

/**
 * One server's logins on disk: a JSON file of mode 0600 in a folder of mode 0700, named by a hash
 * of the server's URL (so the name says nothing), replaced atomically, and changed under a lock.
 */
export class TokenStore {
  readonly file: string;
  private readonly lockFile: string;

  constructor(
    readonly dir: string,
    readonly serverUrl: string,
  ) {
    const name = createHash('sha256').update(serverKey(serverUrl)).digest('hex').slice(0, 32);
    this.file = join(dir, `${name}.json`);
    this.lockFile = join(dir, `${name}.lock`);
  }

  /** What is stored; nothing (or a file that is not ours, or torn by hand) reads as no login. */
  async read(): Promise<StoredServer> {
    const empty: StoredServer = {
      format: 'mcp-codegen/auth',
      version: 1,
      server: label(this.serverUrl),
      issuers: {},
    };
    let value: unknown;
    try {
      value = JSON.parse(await readFile(this.file, 'utf8'));
    } catch {
      return empty;
    }
    if (!isObject(value) || value.format !== 'mcp-codegen/auth' || !isObject(value.issuers))
      return empty;
    return {
      ...empty,
      ...(value as Partial<StoredServer>),
      issuers: value.issuers as StoredServer['issuers'],
    };
  }

  async write(data: StoredServer): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await writeFileAtomic(this.file, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
  }

  /** Read, change and write under the lock: `change` sees what another process may just have stored. */
  async update<T>(change: (data: StoredServer) => Promise<T> | T): Promise<T> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    return withFileLock(this.lockFile, async () => {
      const data = await this.read();
      const result = await change(data);
      await this.write(data);
      return result;
    });
  }

  /** Hold the lock around `work`, which reads and writes through this store itself. */
  locked<T>(work: () => Promise<T>): Promise<T> {
    return mkdir(this.dir, { recursive: true, mode: 0o700 }).then(() =>
      withFileLock(this.lockFile, work),
    );
  }

  /** Forget this server's tokens and registrations; whether anything was stored. */
  async remove(): Promise<boolean> {
    const existed = await readFile(this.file).then(
      () => true,
      () => false,
    );
    await rm(this.file, { force: true });
    return existed;
  }
}

/** A URL as it may be printed: no query (it may carry a key), no user or password. */
export function label(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url;
  }
}
