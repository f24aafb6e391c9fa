// Copied by mcp-codegen from its templates/runtime.ts. Do not edit: it is replaced on every `mcp-codegen generate`.
/**
 * mcp-codegen runtime: a tool's fingerprint, per field the hash of its canonical JSON
 * (runtime-canonical.ts), as a generated client writes it and as the guard computes it for a live
 * tool, and how two catalogs of fingerprints differ. The generator hashes the same text with node:crypto
 * (src/model/guard-fingerprint.ts): test/runtime-guard.test.ts checks both agree for every catalog.
 */
import { CATALOG_FIELDS, canonicalToolFields, type CatalogField } from './runtime-canonical.js';

/** A tool as the client was generated from it: its name and, per field it declared, a SHA-256 (128 bits, base64url) of the field's canonical JSON. */
export interface ToolFingerprint {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema?: string;
  readonly outputSchema?: string;
  readonly annotations?: string;
}

/**
 * A `ToolFingerprint` as a generated client writes it, one string a tool: the name, a space, then the
 * hash of each field of `CATALOG_FIELDS` in that order, `.`-separated, empty where the tool declares no
 * such field. A name may hold spaces, a hash never does, so the last space ends the name.
 */
export function unpackFingerprint(packed: string): ToolFingerprint {
  const at = packed.lastIndexOf(' ');
  const hashes = packed.slice(at + 1).split('.');
  const out: { name: string } & Partial<Record<CatalogField, string>> = {
    name: packed.slice(0, at),
  };
  CATALOG_FIELDS.forEach((field, i) => {
    const hash = hashes[i];
    if (hash) out[field] = hash;
  });
  return out;
}

/** SHA-256 by Web Crypto (browsers, Workers, Deno, Node 19+): its first 128 bits. */
async function sha256(text: string): Promise<Uint8Array> {
  const subtle = (
    globalThis as {
      crypto?: { subtle?: { digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer> } };
    }
  ).crypto?.subtle;
  if (subtle === undefined)
    throw new TypeError(
      'the catalog guard needs Web Crypto (globalThis.crypto.subtle) to hash tool definitions; this runtime has none',
    );
  return new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(text))).subarray(
    0,
    16,
  );
}

/** SHA-256, the first 128 bits as hex. */
export async function hashText(text: string): Promise<string> {
  const bytes = await sha256(text);
  let hex = '';
  for (let i = 0; i < bytes.length; i++) hex += bytes[i]!.toString(16).padStart(2, '0');
  return hex;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** SHA-256, the first 128 bits as base64url without padding (22 characters): a field's hash. */
async function hashField(text: string): Promise<string> {
  const bytes = await sha256(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, bytes.length - i + 1);
    for (let c = 0; c < chars; c++) out += BASE64URL.charAt((n >> (18 - 6 * c)) & 63);
  }
  return out;
}

/** A live tool's fingerprint, comparable with the ones emitted at generation time. */
export async function fingerprintTool(tool: {
  readonly name: string;
  readonly [key: string]: unknown;
}): Promise<ToolFingerprint> {
  const fields = canonicalToolFields(tool);
  const out: { name: string } & Partial<Record<CatalogField, string>> = { name: tool.name };
  for (const field of CATALOG_FIELDS) {
    const text = fields[field];
    if (text !== undefined) out[field] = await hashField(text);
  }
  return out;
}

/** The fields whose hashes differ (a field present on one side only differs). */
export function changedFields(before: ToolFingerprint, after: ToolFingerprint): CatalogField[] {
  return CATALOG_FIELDS.filter((field) => before[field] !== after[field]);
}

/** How the live catalog differs from another one (the one the client was generated from, or the last one seen). */
export interface CatalogChange {
  added: string[];
  removed: string[];
  changed: Array<{ tool: string; fields: CatalogField[] }>;
}

/** What was added, removed and changed (field by field) from `before` to `after`, each list sorted. */
export function compareCatalogs(
  before: ReadonlyMap<string, ToolFingerprint>,
  after: ReadonlyMap<string, ToolFingerprint>,
): CatalogChange {
  const change: CatalogChange = { added: [], removed: [], changed: [] };
  for (const [name, tool] of after) {
    const old = before.get(name);
    if (old === undefined) change.added.push(name);
    else {
      const fields = changedFields(old, tool);
      if (fields.length > 0) change.changed.push({ tool: name, fields });
    }
  }
  for (const name of before.keys()) if (!after.has(name)) change.removed.push(name);
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  change.added.sort(byName);
  change.removed.sort(byName);
  change.changed.sort((a, b) => byName(a.tool, b.tool));
  return change;
}
