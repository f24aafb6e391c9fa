import { InputError } from '../errors.js';
import type { McpCodegenConfig, ServerConfig } from './types.js';

/** Check a loaded config's shape, so a typo is reported at its place rather than deep in a later stage. */
export function validateConfig(value: unknown, file: string): McpCodegenConfig {
  const config = object(value, file, '', 'the config (export default defineConfig({ servers: [...] }))');
  if (!Array.isArray(config.servers) || config.servers.length === 0) {
    throw new InputError(file, '/servers', 'expected a non-empty array of servers', 'add { name, source, out } for each server');
  }
  const names = new Set<string>();
  config.servers.forEach((server, i) => {
    const at = `/servers/${i}`;
    const s = object(server, file, at, 'a server { name, source, out }');
    if (typeof s.name !== 'string' || !s.name.trim()) throw new InputError(file, `${at}/name`, 'expected a non-empty string');
    if (names.has(s.name)) throw new InputError(file, `${at}/name`, `duplicate server name ${JSON.stringify(s.name)}`);
    names.add(s.name);
    if (typeof s.out !== 'string' || !s.out) throw new InputError(file, `${at}/out`, 'expected the output folder as a string');
    if (s.snapshot !== undefined && typeof s.snapshot !== 'string') throw new InputError(file, `${at}/snapshot`, 'expected a file path');
    const source = object(s.source, file, `${at}/source`, 'a source: { snapshot }, { stdio } or { url }');
    const kinds = ['snapshot', 'stdio', 'url'].filter((k) => source[k] !== undefined);
    if (kinds.length !== 1) {
      throw new InputError(file, `${at}/source`, `expected exactly one of "snapshot", "stdio" or "url", got ${kinds.length ? kinds.join(', ') : 'none'}`);
    }
    if (source.snapshot !== undefined && typeof source.snapshot !== 'string') throw new InputError(file, `${at}/source/snapshot`, 'expected a file path');
    if (source.url !== undefined) {
      if (typeof source.url !== 'string') throw new InputError(file, `${at}/source/url`, 'expected a URL string');
      try {
        new URL(source.url);
      } catch {
        throw new InputError(file, `${at}/source/url`, `not a valid URL: ${JSON.stringify(source.url)}`);
      }
    }
    if (source.stdio !== undefined) {
      const ok = typeof source.stdio === 'string' ? source.stdio.trim() !== '' : Array.isArray(source.stdio) && source.stdio.length > 0 && source.stdio.every((a) => typeof a === 'string');
      if (!ok) throw new InputError(file, `${at}/source/stdio`, 'expected a command line string or a non-empty array of strings');
    }
  });
  if (config.cache !== undefined && config.cache !== false) {
    const cache = object(config.cache, file, '/cache', 'false or { dir }');
    if (cache.dir !== undefined && (typeof cache.dir !== 'string' || cache.dir === '')) throw new InputError(file, '/cache/dir', 'expected a folder path');
  }
  return config as unknown as McpCodegenConfig & { servers: ServerConfig[] };
}

function object(value: unknown, file: string, at: string, expected: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new InputError(file, at, `expected ${expected}, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`);
  }
  return value as Record<string, unknown>;
}
