/**
 * A small instance sampler for the schemas of schema-arbitrary.ts: given a seed, one value the schema
 * accepts. It knows exactly the keywords that grammar uses and throws on anything else, so a schema
 * it does not understand cannot pass as "sampled". Past SAMPLE_DEPTH it omits optional properties and
 * array items, which is how recursive definitions end.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Node = { [key: string]: unknown };

const SAMPLE_DEPTH = 6;
const HANDLED = new Set([
  'type',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'description',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'prefixItems',
  'maxItems',
  'anyOf',
  'oneOf',
  'allOf',
  '$ref',
  '$defs',
]);

export function sampleInstance(root: unknown, seed: number): Json {
  let state = seed >>> 0 || 1;
  // xorshift32: deterministic, no dependency, good enough to pick branches.
  const random = (n: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };

  const sample = (schema: unknown, depth: number): Json => {
    if (schema === true) return anyValue(random);
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
      throw new Error(`sampler: not a schema: ${JSON.stringify(schema)}`);
    const node = schema as Node;
    const unknown = Object.keys(node).filter((k) => !HANDLED.has(k));
    if (unknown.length) throw new Error(`sampler: unhandled keywords ${unknown.join(', ')}`);
    if (typeof node.$ref === 'string') return sample(resolve(root, node.$ref), depth + 1);
    if (Array.isArray(node.allOf)) return sample(node.allOf[0], depth + 1);
    if (Array.isArray(node.anyOf)) return sample(node.anyOf[random(node.anyOf.length)], depth + 1);
    if (Array.isArray(node.oneOf)) return sample(node.oneOf[random(node.oneOf.length)], depth + 1);
    if (Array.isArray(node.enum)) return node.enum[random(node.enum.length)] as Json;
    if (node.const !== undefined) return node.const as Json;
    const type = Array.isArray(node.type) ? node.type[random(node.type.length)] : node.type;
    switch (type) {
      case undefined:
        return anyValue(random);
      case 'string':
        return 'x'
          .repeat(Math.max(Number(node.minLength ?? 0), random(3)))
          .slice(0, Number(node.maxLength ?? 8));
      case 'integer': {
        const min = Number(node.minimum ?? -5);
        return min + random(Number(node.maximum ?? min + 10) - min + 1);
      }
      case 'number':
        return random(2) ? 1.5 : -3;
      case 'boolean':
        return random(2) === 1;
      case 'null':
        return null;
      case 'array': {
        if (Array.isArray(node.prefixItems))
          return node.prefixItems.map((item) => sample(item, depth + 1));
        const count = depth >= SAMPLE_DEPTH ? 0 : random(Number(node.maxItems ?? 2) + 1);
        return Array.from({ length: count }, () => sample(node.items ?? true, depth + 1));
      }
      case 'object':
        return sampleObject(node, depth);
      default:
        throw new Error(`sampler: unhandled type ${String(type)}`);
    }
  };

  const sampleObject = (node: Node, depth: number): Json => {
    const props = (node.properties ?? {}) as Node;
    const required = new Set((node.required ?? []) as string[]);
    const entries: Array<[string, Json]> = [];
    for (const name of Object.keys(props)) {
      if (required.has(name) || (depth < SAMPLE_DEPTH && random(2) === 1))
        entries.push([name, sample(props[name], depth + 1)]);
    }
    // Extra keys only where the generated type admits them: declared properties make a closed type.
    const extra = node.additionalProperties;
    const open =
      extra === true ||
      (typeof extra === 'object' && extra !== null) ||
      (extra === undefined && Object.keys(props).length === 0);
    if (open && depth < SAMPLE_DEPTH && random(2) === 1 && !Object.hasOwn(props, 'extra key')) {
      entries.push([
        'extra key',
        typeof extra === 'object' ? sample(extra, depth + 1) : anyValue(random),
      ]);
    }
    return Object.fromEntries(entries);
  };

  return sample(root, 0);
}

function anyValue(random: (n: number) => number): Json {
  return [null, 1, 'any', true, [1, 'two'], { nested: { deep: [] } }][random(6)] as Json;
}

function resolve(root: unknown, ref: string): unknown {
  const match = /^#\/\$defs\/(D\d+)$/.exec(ref);
  const defs = (root as { $defs?: Node }).$defs;
  if (!match || !defs || !Object.hasOwn(defs, match[1]!))
    throw new Error(`sampler: cannot resolve ${ref}`);
  return defs[match[1]!];
}

/** A TypeScript expression for a JSON value: keys as computed string literals, so `"__proto__"` is a key, not the prototype. */
export function tsLiteral(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(tsLiteral).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{ ${Object.entries(value)
      .map(([k, v]) => `[${JSON.stringify(k)}]: ${tsLiteral(v)}`)
      .join(', ')} }`;
  }
  return JSON.stringify(value);
}
