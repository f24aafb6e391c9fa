import {
  dereference,
  ignoredKeyword,
  schemaArrayKeyword,
  schemaMapKeyword,
  type Schema,
} from '@cfworker/json-schema';
import type { JsonObject } from '../snapshot/types.js';

type Keywords = Readonly<Record<string, boolean | undefined>>;
const IGNORED: Keywords = ignoredKeyword;
const ARRAY: Keywords = schemaArrayKeyword;
const MAP: Keywords = schemaMapKeyword;

/** A `$ref` dereference resolves by its text alone: the root, or a root definition whose name its URL and pointer spell alike. */
const PLAIN_REF = /^#(?:\/(\$defs|definitions)\/([A-Za-z0-9_.-]+))?$/;
/** encodePointer throws on a lone surrogate. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/;
/** Deeper than this, only dereference itself says whether it overflows the stack. */
const DEEPEST = 200;

/** What a walk met: the root definitions its `$ref`s name (`keyword/name`, `` for `#`), and how deep it went. */
interface Reach {
  refs: Set<string>;
  depth: number;
}

/**
 * A `$ref` the validator cannot resolve inside a schema (it never fetches one). dereference on a
 * copy of the whole schema answers it, but in a catalog every tool's schema holds the same root
 * definitions, walked again for each. So each definition object is walked once, as dereference
 * walks it, and a schema whose `$ref`s all name root definitions it holds, with nothing else that
 * points (`$id`, `id`, `$anchor`, `$recursiveRef`), resolves; anything else goes to dereference.
 */
export class UnresolvedRefs {
  private readonly definitions = new WeakMap<object, Reach | null>();

  /** The reason the validator will not compile `schema` (its JSON text is `text`), or undefined. */
  of(schema: JsonObject, text: string): string | undefined {
    return this.resolves(schema) ? undefined : unresolvedRef(text);
  }

  private resolves(schema: JsonObject): boolean {
    const reach: Reach = { refs: new Set(), depth: 0 };
    const present = new Set<string>();
    const rootDefinitions = (keyword: string, defs: Record<string, unknown>): boolean => {
      for (const name in defs) {
        if (LONE_SURROGATE.test(name)) return false;
        const definition = defs[name];
        if (typeof definition === 'boolean') present.add(`${keyword}/${name}`);
        if (!isObject(definition)) continue;
        present.add(`${keyword}/${name}`);
        const inner = this.definitionReach(definition);
        if (inner === null) return false;
        for (const ref of inner.refs) reach.refs.add(ref);
        reach.depth = Math.max(reach.depth, inner.depth + 2);
      }
      return true;
    };
    if (!walk(schema, 0, reach, rootDefinitions) || reach.depth > DEEPEST) return false;
    for (const ref of reach.refs) if (ref !== '' && !present.has(ref)) return false;
    return true;
  }

  private definitionReach(definition: object): Reach | null {
    let reach = this.definitions.get(definition);
    if (reach === undefined) {
      reach = { refs: new Set(), depth: 0 };
      if (!walk(definition, 0, reach)) reach = null;
      this.definitions.set(definition, reach);
    }
    return reach;
  }
}

// Walks `node` as dereference does (the same keywords, in or out), into `reach`; false when it meets
// what only dereference can judge. At the root, `rootDefinitions` takes `$defs` and `definitions`.
function walk(
  node: unknown,
  depth: number,
  reach: Reach,
  rootDefinitions?: (keyword: string, defs: Record<string, unknown>) => boolean,
): boolean {
  if (!isObject(node)) return true;
  if (depth > DEEPEST) return false;
  reach.depth = Math.max(reach.depth, depth);
  if (node['$id'] || node['id'] || node['$anchor'] || node['$recursiveRef']) return false;
  // Set by dereference when absent: a schema that already has one is read as it says.
  if (
    node['__absolute_uri__'] !== undefined ||
    node['__absolute_ref__'] !== undefined ||
    node['__absolute_recursive_ref__'] !== undefined
  )
    return false;
  const ref = node['$ref'];
  if (ref) {
    const plain = typeof ref === 'string' ? PLAIN_REF.exec(ref) : null;
    if (plain === null) return false;
    reach.refs.add(plain[1] === undefined ? '' : `${plain[1]}/${plain[2]}`);
  }
  for (const key in node) {
    if (IGNORED[key]) continue;
    if (LONE_SURROGATE.test(key)) return false;
    const value = node[key];
    if (Array.isArray(value)) {
      if (ARRAY[key] && !value.every((item) => walk(item, depth + 1, reach))) return false;
    } else if (MAP[key]) {
      if (rootDefinitions && (key === '$defs' || key === 'definitions') && isObject(value)) {
        if (!rootDefinitions(key, value)) return false;
        continue;
      }
      const members = value as Record<string, unknown>;
      for (const name in members) {
        if (LONE_SURROGATE.test(name) || !walk(members[name], depth + 1, reach)) return false;
      }
    } else if (!walk(value, depth + 1, reach)) return false;
  }
  return true;
}

/** As templates/runtime-validate.ts does on its copy: local pointers spelled as the validator spells them. */
export function canonicalRefs(node: unknown): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(canonicalRefs);
  const record = node as Record<string, unknown>;
  const ref = record['$ref'];
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    try {
      const segments = ref.slice(2).split('/').map(decodeURIComponent);
      record['$ref'] = `#/${segments.map((s) => encodeURI(s).replace(/#/g, '%23')).join('/')}`;
    } catch {
      // left as sent
    }
  }
  Object.values(record).forEach(canonicalRefs);
}

// Found as the validator finds them, through its own `dereference`, on a copy (it annotates what it reads).
function unresolvedRef(text: string): string | undefined {
  let lookup: Record<string, Schema | boolean>;
  const own = JSON.parse(text) as Schema;
  canonicalRefs(own);
  try {
    lookup = dereference(own);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  for (const node of Object.values(lookup)) {
    if (typeof node !== 'object') continue;
    const ref = (node as { __absolute_ref__?: unknown }).__absolute_ref__;
    if (typeof ref === 'string' && lookup[ref] === undefined)
      return `$ref ${JSON.stringify(node.$ref)} does not resolve inside the schema`;
  }
  return undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
