/**
 * Definitions compiled once per module instead of once per schema. Catalogs built from an API
 * description repeat the same `$defs` in every tool (GitHub's 1,223 tools carry 6.5 MB of definitions,
 * 0.7 MB of them distinct), and Ajv compiles, and mostly inlines, a schema's definitions into each
 * schema's validator. Here each definition a schema reaches becomes a unit of its own, identified by a
 * digest of everything it reaches, and each `$ref` to it a call to that unit: one keyword, LINK, whose
 * code is exactly the call Ajv writes for a `$ref` to a separately compiled schema. The module names
 * the units (UnitNames): after the definition, so a change inside one renames nothing.
 *
 * Only the plain case is linked: every `$ref` is `#/$defs/<name>` or `#/definitions/<name>` naming an
 * object definition, and nothing in the schema changes what a `$ref` or a definition means
 * (`$id`, anchors, dynamic or recursive refs, `unevaluated*`, whose results flow through refs). Any
 * other schema is compiled whole, as before. Untrusted text never becomes code: a unit's name is
 * `$d_` and the definition's name cut down to ASCII letters, digits and `_`, and the keyword's code
 * only accepts such names.
 */
import { createHash } from 'node:crypto';
import { COMBINING_APPLICATORS, SUBSCHEMA_POSITIONS } from '../../shared/schema-keywords.js';
import type { JsonObject, JsonValue } from '../../snapshot/types.js';
import { LINK } from './link-keyword.js';
import { closureOf, hasInPlaceCycle } from './link-graph.js';

export { LINK } from './link-keyword.js';

export interface LinkedUnit {
  /** `$d_<hex>`: the same for every schema whose definition reaches the same definitions. */
  readonly name: string;
  /** What it reaches, text included: equal digests are the same unit. */
  readonly digest: string;
  /** The definition, with its `$ref`s as LINKs and the root's `$schema` (its dialect). */
  readonly schema: () => JsonObject;
}

export interface LinkedSchema {
  /** The schema without its definitions, its `$ref`s as LINKs. */
  readonly root: JsonObject;
  /** Every definition the root reaches, each once, in the order first reached. */
  readonly units: readonly LinkedUnit[];
}

const CONTAINERS = ['$defs', 'definitions'] as const;
// Keywords that give `$ref` or a definition another meaning, or carry results across a `$ref`.
const UNLINKABLE = new Set([
  LINK,
  '$id',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
  '$recursiveRef',
  '$recursiveAnchor',
  'unevaluatedProperties',
  'unevaluatedItems',
  '$async',
  '$schema',
]);
const { maps: MAPS, lists: LISTS, single: SINGLE } = SUBSCHEMA_POSITIONS;
// A plain local ref; `%` and `~` (escapes whose decoding order matters) are left to Ajv.
const LOCAL_REF = /^#\/(\$defs|definitions)\/([^/%~]*)$/;

/**
 * Names for units, one per digest, each `$d_` and the definition's name made an identifier: `$d_user`,
 * then `$d_user_2` for another `user`, in the order first asked. One per module, so two schemas that
 * reach the same definitions call the same unit.
 */
export class UnitNames {
  readonly #byDigest = new Map<string, string>();
  readonly #taken = new Set<string>();

  nameOf(definition: string, digest: string): string {
    const known = this.#byDigest.get(digest);
    if (known !== undefined) return known;
    const base = `$d_${definition.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 48) || 'definition'}`;
    let name = base;
    for (let n = 2; this.#taken.has(name); n++) name = `${base}_${n}`;
    this.#taken.add(name);
    this.#byDigest.set(digest, name);
    return name;
  }
}

/** The linked form of `schema`, or undefined when it has no definitions or is not the plain case. */
export function linkDefinitions(
  schema: JsonObject,
  unitNames: UnitNames = new UnitNames(),
): LinkedSchema | undefined {
  const definitions = new Map<string, JsonObject>(); // "$defs/name" → definition
  for (const container of CONTAINERS) {
    const map = schema[container];
    if (map === undefined) continue;
    if (!isObject(map)) return undefined;
    for (const [name, definition] of Object.entries(map)) {
      if (isObject(definition)) definitions.set(`${container}/${name}`, definition);
    }
  }
  if (definitions.size === 0) return undefined;
  const { [CONTAINERS[0]]: _defs, [CONTAINERS[1]]: _definitions, ...rest } = schema;
  const root = rest as JsonObject;
  const dialect = schema['$schema'];
  const { $schema: _dialect, ...rootBody } = root;
  if (hasUnlinkable(rootBody)) return undefined;

  // Each definition's direct targets; one not in the map (or not an object) is not the plain case.
  const targets = new Map<string, string[]>();
  const inPlace = new Map<string, string[]>();
  const refsOf = (node: JsonValue) => {
    const found = { all: [] as string[], inPlace: [] as string[] };
    return collect(node, found, definitions) ? found : undefined;
  };
  const rootTargets = refsOf(rootBody)?.all;
  if (rootTargets === undefined) return undefined;
  const reached: string[] = [];
  const queue = [...rootTargets];
  while (queue.length > 0) {
    const key = queue.shift()!;
    if (targets.has(key)) continue;
    const definition = definitions.get(key)!;
    if (hasUnlinkable(definition)) return undefined;
    const direct = refsOf(definition);
    if (direct === undefined) return undefined;
    targets.set(key, direct.all);
    inPlace.set(key, direct.inPlace);
    reached.push(key);
    queue.push(...direct.all);
  }
  if (hasInPlaceCycle(inPlace)) return undefined;

  // A unit is a digest of the dialect, its key and every definition it reaches (text included).
  const digests = new Map(
    reached.map((key) => [key, sha256(`${key}\0${JSON.stringify(definitions.get(key))}`)]),
  );
  const names = new Map<string, string>();
  const fullDigests = new Map<string, string>();
  for (const key of reached) {
    const closure = closureOf(key, targets);
    const members = closure.map((member) => digests.get(member)!).sort();
    const digest = sha256(JSON.stringify([dialect ?? null, key, members]));
    names.set(key, unitNames.nameOf(key.slice(key.indexOf('/') + 1), digest));
    fullDigests.set(key, digest);
  }
  const head: JsonObject = dialect === undefined ? {} : { $schema: dialect };
  return {
    root: { ...head, ...(rewrite(rootBody, names) as JsonObject) },
    // Built only when asked: most units of a large catalog were built for an earlier schema already.
    units: reached.map((key) => ({
      name: names.get(key)!,
      digest: fullDigests.get(key)!,
      schema: () => ({ ...head, ...(rewrite(definitions.get(key)!, names) as JsonObject) }),
    })),
  };
}

// Subschemas applied to the same value as their parent; every other position applies to a part of it.
const IN_PLACE: ReadonlySet<string> = new Set([
  ...COMBINING_APPLICATORS,
  'dependentSchemas',
  'dependencies',
]);

/**
 * Appends the definition keys of the `$ref`s in subschema positions (to `inPlace` too when the ref
 * applies to the very value `node` does); false for a ref that is not plain.
 */
function collect(
  node: JsonValue,
  found: { all: string[]; inPlace: string[] },
  definitions: ReadonlyMap<string, unknown>,
  here = true,
): boolean {
  if (!isObject(node)) return true;
  for (const [key, value] of Object.entries(node)) {
    const next = here && IN_PLACE.has(key);
    if (key === '$ref') {
      const target = typeof value === 'string' ? refKey(value) : undefined;
      if (target === undefined || !definitions.has(target)) return false;
      found.all.push(target);
      if (here) found.inPlace.push(target);
    } else if (MAPS.has(key) && isObject(value)) {
      for (const sub of Object.values(value))
        if (!collect(sub, found, definitions, next)) return false;
    } else if (LISTS.has(key) && Array.isArray(value)) {
      for (const sub of value) if (!collect(sub, found, definitions, next)) return false;
    } else if (SINGLE.has(key)) {
      if (!collect(value, found, definitions, next)) return false;
    }
  }
  return true;
}

function refKey(ref: string): string | undefined {
  const match = LOCAL_REF.exec(ref);
  return match ? `${match[1]}/${match[2]}` : undefined;
}

/** A copy with each `$ref` in a subschema position replaced by LINK, in the same key position. */
function rewrite(node: JsonValue, names: ReadonlyMap<string, string>): JsonValue {
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    let next: JsonValue = value;
    let name = key;
    if (key === '$ref') {
      name = LINK;
      next = names.get(refKey(value as string)!)!;
    } else if (MAPS.has(key) && isObject(value)) {
      next = {};
      for (const [entry, sub] of Object.entries(value)) define(next, entry, rewrite(sub, names));
    } else if (LISTS.has(key) && Array.isArray(value)) {
      next = value.map((sub) => rewrite(sub, names));
    } else if (SINGLE.has(key)) {
      next = rewrite(value, names);
    }
    define(out, name, next);
  }
  return out;
}

/**
 * Whether any object anywhere in `value` (subschema or not: a `$ref` Ajv would compile may sit in a
 * position this module does not walk) has a key that rules out linking, or a `$ref` outside the
 * positions `collect` sees. Iterative: nesting is bounded by the snapshot reader, not by the stack.
 */
function hasUnlinkable(value: JsonValue): boolean {
  const stack: Array<{ node: JsonValue; schema: boolean }> = [{ node: value, schema: true }];
  while (stack.length > 0) {
    const { node, schema } = stack.pop()!;
    // Arrays are never schemas themselves: subschema lists are taken apart below.
    if (Array.isArray(node)) {
      for (const item of node) stack.push({ node: item, schema: false });
      continue;
    }
    if (!isObject(node)) continue;
    for (const [key, child] of Object.entries(node)) {
      if (UNLINKABLE.has(key) || (key === '$ref' && !schema)) return true;
      if (!schema) stack.push({ node: child, schema: false });
      else if (MAPS.has(key) && isObject(child))
        for (const sub of Object.values(child)) stack.push({ node: sub, schema: true });
      else if (LISTS.has(key) && Array.isArray(child))
        for (const sub of child) stack.push({ node: sub, schema: true });
      else if (SINGLE.has(key)) stack.push({ node: child, schema: true });
      else stack.push({ node: child, schema: false });
    }
  }
  return false;
}

// `__proto__` must stay an own key of the copy, not set its prototype.
function define(target: JsonObject, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
