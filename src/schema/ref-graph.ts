import type { JsonValue } from '../snapshot/types.js';
import { isLocalRef, resolveLocalRef } from './refs.js';
import { MAX_SCHEMA_DEPTH, isObject } from '../shared/json.js';
import { collectRefs } from './walk.js';

export const ALIAS_CYCLE_NOTE = '$ref chain that loops back on itself: typed as unknown';
export const CYCLE_NOTE =
  '$ref cycle through unions or intersections only, with no object or array in between: typed as unknown';

/**
 * The `$ref` targets (pointers, '' for the root) that reach themselves through `$ref`, `allOf`, `anyOf`
 * and `oneOf` alone. A cycle through a property or an array item is a real recursive type and not listed.
 */
export function structurelessCycles(root: JsonValue, pointers: string[]): Set<string> {
  const edges = new Map<string, string[]>();
  for (const pointer of pointers) {
    const node = pointer === '' ? root : resolveLocalRef(root, `#${pointer}`);
    edges.set(
      pointer,
      topLevelRefs(node).map((ref) => ref.slice(1)),
    );
  }
  const cyclic = new Set<string>();
  for (const start of pointers) {
    const seen = new Set<string>();
    const stack = [...(edges.get(start) ?? [])];
    while (stack.length) {
      const next = stack.pop()!;
      if (next === start) {
        cyclic.add(start);
        break;
      }
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(
        ...(edges.get(next) ??
          topLevelRefs(resolveLocalRef(root, `#${next}`)).map((ref) => ref.slice(1))),
      );
    }
  }
  return cyclic;
}

/** Local `$ref`s a schema's type is made of directly: its own, and those of its union and intersection members. */
function topLevelRefs(node: JsonValue | undefined): string[] {
  const refs: string[] = [];
  const stack = [node];
  while (stack.length) {
    const current = stack.pop();
    if (!isObject(current)) continue;
    if (typeof current.$ref === 'string' && isLocalRef(current.$ref)) refs.push(current.$ref);
    for (const key of ['allOf', 'anyOf', 'oneOf']) {
      const list = current[key];
      if (Array.isArray(list)) stack.push(...list);
    }
  }
  return refs;
}

export const DEEP_CHAIN_NOTE = `$ref chain more than ${MAX_SCHEMA_DEPTH} targets long: typed as unknown`;

/**
 * Targets first reached more than MAX_SCHEMA_DEPTH `$ref`s from the root, in a depth-first walk in
 * pointer order (without recursion). json-schema-to-typescript resolves `$ref`s by recursion, so a chain
 * of thousands of `$defs` (each a few levels deep) overflows its stack; cutting the chain here keeps it short.
 */
export function deepRefTargets(
  root: JsonValue,
  targets: string[],
  /** Each target's own refs by node, kept by a caller that sees the same definition objects again. */
  ownRefs: WeakMap<object, string[]> = new WeakMap(),
): Set<string> {
  const known = new Map<string, string[]>();
  const refsOf = (pointer: string) => {
    let refs = known.get(pointer);
    if (refs) return refs;
    const node = pointer === '' ? root : resolveLocalRef(root, `#${pointer}`);
    refs = isObject(node) ? ownRefs.get(node) : undefined;
    if (!refs) {
      // A target's own refs: the definitions it carries are targets of their own, reached only by a `$ref`.
      const own = isObject(node) ? { ...node, $defs: null, definitions: null } : null;
      const found = collectRefs(own)
        .filter(isLocalRef)
        .map((ref) => ref.slice(1));
      refs = [...new Set(found)].sort().reverse();
      if (isObject(node)) ownRefs.set(node, refs);
    }
    known.set(pointer, refs);
    return refs;
  };
  const depthOf = new Map<string, number>();
  const cut = new Set<string>();
  const walk = (start: string, depth: number) => {
    depthOf.set(start, depth);
    const stack: Array<[string, number]> = [[start, depth]];
    while (stack.length) {
      const [pointer, at] = stack.pop()!;
      if (at >= MAX_SCHEMA_DEPTH) {
        cut.add(pointer);
        continue;
      }
      for (const next of refsOf(pointer)) {
        if (depthOf.has(next)) continue;
        depthOf.set(next, at + 1);
        stack.push([next, at + 1]);
      }
    }
  };
  walk('', 0);
  // Definitions nothing refers to are emitted too, each a root of its own (and so is a cycle of them),
  // but never what lies past a cut: that is the rest of a chain that is too long.
  const past = new Set<string>();
  const queue = [...cut].flatMap(refsOf);
  while (queue.length) {
    const next = queue.pop()!;
    if (depthOf.has(next) || past.has(next)) continue;
    past.add(next);
    queue.push(...refsOf(next));
  }
  for (const target of [...targets].sort())
    if (!depthOf.has(target) && !past.has(target)) walk(target, 1);
  return new Set(targets.filter((pointer) => past.has(pointer) || !depthOf.has(pointer)));
}
