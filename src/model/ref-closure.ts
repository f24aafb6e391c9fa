import { createHash } from 'node:crypto';
import { isLocalRef, resolveLocalRef } from '../schema/refs.js';
import { collectRefs } from '../schema/walk.js';
import type { JsonValue } from '../shared/json.js';
import { canonicalSchema } from '../snapshot/write.js';

/**
 * Facts about a schema node that depend on its content alone, by node: a definition object shared by
 * many tools (see SharedDefinitions) is walked and written canonically once, not once per tool.
 */
export class NodeFacts {
  private readonly refs = new WeakMap<object, string[]>();
  private readonly digests = new WeakMap<object, string>();
  /** For ref-graph's chain-depth walk: a node's own local refs, its nested definitions left out. */
  readonly ownRefs = new WeakMap<object, string[]>();
  /** For collectRefs over a whole schema: the refs of the nodes one level down (its definitions). */
  readonly childRefs = new WeakMap<object, string[]>();

  /** The local pointers a node's `$ref`s name (those inside its own nested `$defs` too). */
  localRefs(node: JsonValue): string[] {
    return this.remember(this.refs, node, () =>
      collectRefs(node)
        .filter(isLocalRef)
        .map((ref) => ref.slice(1)),
    );
  }

  /** A digest of the node's canonical text: equal digests, equal content. */
  digest(node: JsonValue): string {
    return this.remember(this.digests, node, () =>
      createHash('sha256')
        .update(JSON.stringify(canonicalSchema(node)))
        .digest('base64'),
    );
  }

  private remember<T>(facts: WeakMap<object, T>, node: JsonValue, make: () => T): T {
    if (node === null || typeof node !== 'object') return make();
    let fact = facts.get(node);
    if (fact === undefined) {
      fact = make();
      facts.set(node, fact);
    }
    return fact;
  }
}

/**
 * The `$ref` targets of one schema, each resolved once: every target's closure key reads the targets it
 * reaches, so without this a tool with n definitions would walk each of them n times.
 */
export class Closure {
  private readonly targets = new Map<string, JsonValue | undefined>();

  constructor(
    private readonly root: JsonValue,
    private readonly nodes: NodeFacts,
  ) {}

  target(pointer: string): JsonValue | undefined {
    if (!this.targets.has(pointer))
      this.targets.set(pointer, resolveLocalRef(this.root, `#${pointer}`));
    return this.targets.get(pointer);
  }

  /** The local pointers a target's `$ref`s name; none for a pointer that resolves to nothing. */
  refs(pointer: string): string[] {
    const target = this.target(pointer);
    return target === undefined ? [] : this.nodes.localRefs(target);
  }

  /**
   * Identity of a `$ref` target: its content and that of everything it reaches, so equal defs in two
   * tools are one type. Content, by digest: the canonical text of each target reached, with its pointer.
   */
  key(start: string): string {
    const parts: Array<[string, string]> = [];
    const seen = new Set<string>();
    const queue = [start];
    for (let i = 0; i < queue.length; i++) {
      const pointer = queue[i]!;
      if (seen.has(pointer)) continue;
      seen.add(pointer);
      const target = this.target(pointer);
      if (target === undefined) continue;
      parts.push([pointer, this.nodes.digest(target)]);
      queue.push(...this.refs(pointer));
    }
    parts.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return JSON.stringify([start, parts]);
  }
}
