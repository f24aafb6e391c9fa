import type { JsonValue } from '../snapshot/types.js';
import { isLocalRef, resolveLocalRef } from './refs.js';
import { MAX_SCHEMA_DEPTH, collectRefs, isObject } from './walk.js';

export const ALIAS_CYCLE_NOTE = '$ref chain that loops back on itself: typed as unknown';
export const CYCLE_NOTE = '$ref cycle through unions or intersections only, with no object or array in between: typed as unknown';

/**
 * The `$ref` targets (pointers, '' for the root) that reach themselves through `$ref`, `allOf`, `anyOf`
 * and `oneOf` alone. A cycle through a property or an array item is a real recursive type and not listed.
 */
export function structurelessCycles(root: JsonValue, pointers: string[]): Set<string> {
  const edges = new Map<string, string[]>();
  for (const pointer of pointers) {
    const node = pointer === '' ? root : resolveLocalRef(root, `#${pointer}`);
    edges.set(pointer, topLevelRefs(node).map((ref) => ref.slice(1)));
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
      stack.push(...(edges.get(next) ?? topLevelRefs(resolveLocalRef(root, `#${next}`)).map((ref) => ref.slice(1))));
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
export function deepRefTargets(root: JsonValue, targets: string[]): Set<string> {
  const refsOf = (pointer: string) => {
    const node = pointer === '' ? root : resolveLocalRef(root, `#${pointer}`);
    // A target's own refs: the definitions it carries are targets of their own, reached only by a `$ref`.
    const own = isObject(node) ? { ...node, $defs: null, definitions: null } : null;
    const found = collectRefs(own).map((r) => r.ref).filter(isLocalRef).map((ref) => ref.slice(1));
    return [...new Set(found)].sort().reverse();
  };
  const depthOf = new Map<string, number>([['', 0]]);
  const stack: Array<[string, number]> = [['', 0]];
  while (stack.length) {
    const [pointer, depth] = stack.pop()!;
    if (depth >= MAX_SCHEMA_DEPTH) continue;
    for (const next of refsOf(pointer)) {
      if (depthOf.has(next)) continue;
      depthOf.set(next, depth + 1);
      stack.push([next, depth + 1]);
    }
  }
  // Not reached within the bound: every target past the cut, including those only reachable through it.
  return new Set(targets.filter((pointer) => !depthOf.has(pointer)));
}
