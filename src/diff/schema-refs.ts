import { derefSchema } from '../schema/refs.js';
import type { JsonValue } from '../snapshot/types.js';
import { isObject } from './json.js';

/** Local `$ref`s of one side of a comparison, resolved against that side's document. */
export class SchemaRefs {
  private readonly resolved = new WeakMap<object, JsonValue>();

  constructor(private readonly root: JsonValue) {}

  /**
   * Follow local `$ref`s. Siblings of `$ref` (allowed since 2019-09) are merged over the target.
   * The result is cached per node so the same node always resolves to the same object: the
   * visited set compares identities.
   */
  resolve(node: JsonValue): JsonValue {
    if (!isObject(node) || typeof node.$ref !== 'string') return node;
    const cached = this.resolved.get(node);
    if (cached !== undefined) return cached;
    const target = derefSchema(this.root, node);
    const { $ref: _ref, ...siblings } = node;
    let resolved: JsonValue;
    if (target === undefined) resolved = node;
    else if (Object.keys(siblings).length === 0) resolved = target;
    else if (target === true) resolved = siblings;
    else if (isObject(target)) resolved = { ...target, ...siblings };
    else resolved = target;
    this.resolved.set(node, resolved);
    return resolved;
  }
}

/** True when the value contains a `$ref` or `$dynamicRef` anywhere: equal text then does not mean equal schemas. */
export function containsRef(value: JsonValue | undefined, memo: WeakMap<object, boolean>): boolean {
  if (value === null || typeof value !== 'object') return false;
  const known = memo.get(value);
  if (known !== undefined) return known;
  const result = Array.isArray(value)
    ? value.some((v) => containsRef(v, memo))
    : typeof value.$ref === 'string' ||
      typeof value.$dynamicRef === 'string' ||
      Object.values(value).some((v) => containsRef(v, memo));
  memo.set(value, result);
  return result;
}
