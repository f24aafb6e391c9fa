/** The graph of definitions link.ts walks: what one reaches, and cycles that never descend. */

/** Every definition `start` reaches, itself included. */
export function closureOf(
  start: string,
  targets: ReadonlyMap<string, readonly string[]>,
): string[] {
  const seen = new Set([start]);
  const stack = [start];
  while (stack.length > 0) {
    for (const next of targets.get(stack.pop()!)!) {
      if (!seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return [...seen];
}

/**
 * Whether refs applied in place lead from a definition back to itself: Ajv recurses without end
 * compiling that whole (and reports it), but linked it would recurse without end validating.
 */
export function hasInPlaceCycle(inPlace: ReadonlyMap<string, readonly string[]>): boolean {
  const state = new Map<string, 'open' | 'done'>();
  for (const start of inPlace.keys()) {
    if (state.has(start)) continue;
    const stack: Array<{ key: string; next: number }> = [{ key: start, next: 0 }];
    state.set(start, 'open');
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const edges = inPlace.get(top.key) ?? [];
      if (top.next === edges.length) {
        state.set(top.key, 'done');
        stack.pop();
        continue;
      }
      const target = edges[top.next++]!;
      const seen = state.get(target);
      if (seen === 'open') return true;
      if (seen === undefined) {
        state.set(target, 'open');
        stack.push({ key: target, next: 0 });
      }
    }
  }
  return false;
}
