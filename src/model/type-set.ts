import type { JsonObject, JsonValue } from '../snapshot/types.js';
import { isLocalRef } from '../schema/refs.js';
import {
  ALIAS_CYCLE_NOTE,
  CYCLE_NOTE,
  DEEP_CHAIN_NOTE,
  deepRefTargets,
  structurelessCycles,
} from '../schema/ref-graph.js';
import { UNKNOWN_SCHEMA, markUnknownIfUntyped } from '../schema/sanitize.js';
import { collectRefs, mapSchema } from '../schema/walk.js';
import { isObject } from '../shared/json.js';
import { decodePointerToken } from '../shared/pointer.js';
import { NamePlanner, pascalCase } from './naming.js';
import { Closure, NodeFacts } from './ref-closure.js';

/**
 * The set of named schemas that becomes `types.ts`: one entry per tool input/output/branch, plus
 * every `$ref` target, hoisted out of its tool and shared between tools when identical (servers
 * such as notion repeat the same `$defs` in every tool). Compiling them as one document lets the
 * generator share names across tools instead of emitting duplicate identifiers.
 */
export class TypeSet {
  private readonly defs = new Map<string, JsonObject>();
  /** Closure key of a hoisted target → its type name. */
  private readonly hoisted = new Map<string, string>();
  /** What is known of each `$ref` target by node, for every schema added (see Closure). */
  private readonly nodes = new NodeFacts();

  constructor(private readonly planner: NamePlanner) {}

  /**
   * Add a sanitized schema under a name the caller already claimed; `owner` prefixes hoisted names on collision.
   * Returns what the caller should warn about (pointers typed unknown), empty when nothing was lost.
   */
  add(name: string, root: JsonValue, owner: string): string[] {
    const names = new Map<string, string>([['', name]]);
    const fresh: string[] = [];
    const aliases = new Map<string, string>();
    const aliasCycles: string[] = [];
    const closure = new Closure(root, this.nodes);
    const reachable = this.reachableTargets(root, closure);
    // A `$ref` chain nests as deep as it is long once resolved: the far end of a long one is typed unknown.
    const deep = deepRefTargets(root, reachable, this.nodes.ownRefs);
    for (const pointer of reachable) {
      if (pointer === '') continue;
      // A target that is only another `$ref` is an alias: name the schema at the end of the chain.
      const end = followAliases(closure, pointer);
      if (end === null) {
        // A cycle of pure aliases describes no value: left unresolved, so every use of it is typed unknown.
        aliasCycles.push(`${pointer}: ${ALIAS_CYCLE_NOTE}`);
        continue;
      }
      if (end !== pointer) {
        aliases.set(pointer, end);
        continue;
      }
      // A cut-off target is unknown in this tool only: never shared (and its closure is not walked).
      const key = deep.has(pointer) ? JSON.stringify(['cut', name, pointer]) : closure.key(pointer);
      let typeName = this.hoisted.get(key);
      if (!typeName) {
        const base = pascalCase(lastToken(pointer), 'Def');
        typeName = this.planner.has(base)
          ? this.planner.claim(`${owner}${base}`)
          : this.planner.claim(base);
        this.hoisted.set(key, typeName);
        fresh.push(pointer);
      }
      names.set(pointer, typeName);
    }
    for (const [alias, end] of aliases) {
      const target = end === '' ? name : names.get(end);
      if (target) names.set(alias, target);
    }
    // A cycle through unions and intersections only (`A = B | …`, `B = A & …`) is `type A = A` in TypeScript
    // (TS2456): it describes no structure, so its members are typed unknown, and the caller warns.
    const cyclic = structurelessCycles(root, ['', ...names.keys()]);
    const unknownType = (pointer: string, note: string): JsonObject => ({
      description: `${note} (at ${pointer || '/'})`,
      ...UNKNOWN_SCHEMA,
    });
    // Rewrite only after every target has a name: targets refer to each other.
    for (const pointer of fresh) {
      const schema = cyclic.has(pointer)
        ? unknownType(pointer, CYCLE_NOTE)
        : deep.has(pointer)
          ? unknownType(pointer, DEEP_CHAIN_NOTE)
          : this.rewrite(closure.target(pointer) ?? {}, names);
      this.defs.set(names.get(pointer)!, schema);
    }
    this.defs.set(name, cyclic.has('') ? unknownType('', CYCLE_NOTE) : this.rewrite(root, names));
    return [
      ...aliasCycles,
      ...[...cyclic].sort().map((pointer) => `${pointer || '/'}: ${CYCLE_NOTE}`),
      // One warning for a chain, not one per link: its first cut-off target.
      ...[...deep]
        .filter((p) => fresh.includes(p))
        .slice(0, 1)
        .map((pointer) => `${pointer}: ${DEEP_CHAIN_NOTE} (and ${deep.size - 1} more)`),
    ];
  }

  /** The definitions, titled with their type names, in insertion order. */
  definitions(): JsonObject {
    const out: JsonObject = {};
    for (const [name, schema] of this.defs) out[name] = { ...aliasType(schema), title: name };
    return out;
  }

  /** Every local pointer reachable from the root through `$ref`s, in a stable order. */
  private reachableTargets(root: JsonValue, closure: Closure): string[] {
    const seen = new Set<string>();
    const queue = collectRefs(root, this.nodes.childRefs);
    for (let i = 0; i < queue.length; i++) {
      const ref = queue[i]!;
      if (!isLocalRef(ref)) continue;
      const pointer = ref.slice(1);
      if (seen.has(pointer)) continue;
      if (closure.target(pointer) === undefined) continue;
      seen.add(pointer);
      for (const next of closure.refs(pointer)) queue.push(`#${next}`);
    }
    return [...seen].sort();
  }

  /** Point every local `$ref` at its hoisted name; drop nested `$defs` (hoisted when used). */
  private rewrite(schema: JsonValue, names: Map<string, string>): JsonObject {
    // The root's own definitions are dropped unread (each is rewritten as a target of its own when used).
    const result = mapSchema(withoutDefinitions(schema), (node) => {
      // `node` is mapSchema's fresh copy: most nodes (no `$ref`, no nested definitions) are kept as they are.
      if (node.$defs === undefined && node.definitions === undefined && node.$ref === undefined)
        return node;
      const out: JsonObject = { ...node };
      delete out.$defs;
      delete out.definitions;
      if (typeof out.$ref === 'string') {
        const pointer = out.$ref.slice(1);
        const target = names.get(pointer);
        if (target) {
          const { $ref: _ref, description, ...siblings } = out;
          // Draft 2019+ applies siblings of $ref too; keep them as an intersection rather than lose them.
          const ref: JsonObject = { $ref: `#/$defs/${target}` };
          return Object.keys(siblings).length === 0
            ? description === undefined
              ? ref
              : { ...ref, description }
            : { allOf: [ref, siblings], ...(description === undefined ? {} : { description }) };
        }
        delete out.$ref;
        out.description = [out.description, '(unresolved $ref: typed as unknown)']
          .filter(Boolean)
          .join('\n');
        return markUnknownIfUntyped(out);
      }
      return out;
    });
    return isObject(result) ? result : {};
  }
}

/**
 * A definition that is only a `$ref` to another (a root `{ "$ref": "#/$defs/In" }`) would be replaced by its
 * target when json-schema-to-typescript resolves refs, and its own name would never be declared. As the one
 * member of an `allOf` it is a type of its own that names the target.
 */
function aliasType(schema: JsonObject): JsonObject {
  if (
    typeof schema.$ref !== 'string' ||
    Object.keys(schema).some((k) => k !== '$ref' && k !== 'description')
  )
    return schema;
  return {
    allOf: [{ $ref: schema.$ref }],
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
  };
}

function withoutDefinitions(schema: JsonValue): JsonValue {
  if (!isObject(schema) || (schema.$defs === undefined && schema.definitions === undefined))
    return schema;
  const { $defs: _defs, definitions: _definitions, ...rest } = schema;
  return rest;
}

function followAliases(closure: Closure, start: string): string | null {
  const seen = new Set<string>();
  let pointer = start;
  for (;;) {
    if (seen.has(pointer)) return null;
    seen.add(pointer);
    const node = closure.target(pointer);
    if (!isObject(node) || typeof node.$ref !== 'string' || !isLocalRef(node.$ref)) return pointer;
    if (Object.keys(node).some((k) => k !== '$ref' && k !== 'description')) return pointer;
    pointer = node.$ref.slice(1);
  }
}

function lastToken(pointer: string): string {
  const tokens = pointer.split('/');
  return decodePointerToken(tokens[tokens.length - 1] ?? '');
}
