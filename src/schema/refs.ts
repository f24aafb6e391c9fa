import type { JsonValue } from '../shared/json.js';
import { decodePointerToken } from '../shared/pointer.js';

/**
 * Local `$ref` resolution only. A server's schema is untrusted: a remote or file `$ref` is never
 * fetched or read; it is reported as unresolvable and treated as "any value".
 */
export function isLocalRef(ref: string): boolean {
  return ref === '#' || ref.startsWith('#/');
}

/** Resolve `#/a/b~1c` against `root`; undefined when absent or not local. */
export function resolveLocalRef(root: JsonValue, ref: string): JsonValue | undefined {
  if (!isLocalRef(ref)) return undefined;
  let node: JsonValue | undefined = root;
  for (const raw of ref
    .slice(2)
    .split('/')
    .filter((_, i, all) => !(all.length === 1 && all[0] === ''))) {
    // Most tokens hold neither escape: only those that do are decoded (every `$ref` of every walk comes here).
    const decoded = raw.includes('%') ? decodeUri(raw) : raw;
    if (decoded === undefined) return undefined;
    const token = decoded.includes('~') ? decodePointerToken(decoded) : decoded;
    if (node === null || typeof node !== 'object') return undefined;
    node = Array.isArray(node)
      ? node[Number(token)]
      : Object.prototype.hasOwnProperty.call(node, token)
        ? node[token]
        : undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/** A `$ref` is a URI fragment, so it may be percent-encoded; a malformed escape (`%zz`) resolves to nothing. */
function decodeUri(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * Follow a chain of `$ref`s from `schema` (a `$ref` whose target is another `$ref`), stopping at a
 * cycle or after `limit` hops. Siblings of `$ref` are ignored here; callers that need them merge them.
 */
export function derefSchema(root: JsonValue, schema: JsonValue, limit = 32): JsonValue | undefined {
  let current: JsonValue | undefined = schema;
  for (let hops = 0; hops < limit; hops++) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return current;
    const ref = current.$ref;
    if (typeof ref !== 'string') return current;
    current = resolveLocalRef(root, ref);
  }
  return undefined;
}
