import fc from 'fast-check';

/**
 * Random JSON Schemas for the property test (test/property-schemas.test.ts, scripts/fuzz-schemas.ts):
 * objects (open, closed, maps), arrays and tuples, unions, enums and consts, `$defs`/`$ref` with
 * cycles, odd property names, and nesting past the generator's depth bound.
 *
 * Every schema is satisfiable, so the sampler can always find an instance. Two shapes are left out on
 * purpose and covered by the fixtures instead: `$ref` cycles without structure (typed unknown; Ajv
 * recurses forever on them) and `oneOf` branches that overlap (an instance of one may match two).
 * A cycle runs only through an optional property or the items of an array, as real recursive types do.
 */
export type Schema = boolean | { [key: string]: unknown };

const DEF_COUNT = 3;
const defName = (i: number) => `D${i}`;

/** Names that broke generators before: inherited ones, keywords, quotes, comment closers, digits. */
const ODD_NAMES = [
  'a',
  'b',
  'name',
  'hasOwnProperty',
  'constructor',
  '__proto__',
  'toString',
  'valueOf',
  'then',
  'kebab-case',
  'with space',
  '*/',
  "it's",
  '0',
  '1a',
  '$ref',
  'type',
  'properties',
  'default',
  '',
  'ünï',
  'enum',
];

const scalar = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.integer({ min: -1000, max: 1000 }),
  fc.boolean(),
  fc.constant(null),
);

const leaf: fc.Arbitrary<Schema> = fc.oneof(
  fc.record(
    {
      type: fc.constant('string'),
      minLength: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
      maxLength: fc.option(fc.integer({ min: 3, max: 8 }), { nil: undefined }),
    },
    { requiredKeys: ['type'] },
  ),
  fc.integer({ min: -50, max: 50 }).chain((min) =>
    fc.record({
      type: fc.constant('integer'),
      minimum: fc.constant(min),
      maximum: fc.integer({ min, max: min + 100 }),
    }),
  ),
  fc.record(
    {
      type: fc.constant('number'),
      description: fc.option(fc.constantFrom('a number */ with a comment closer', 'plain'), {
        nil: undefined,
      }),
    },
    { requiredKeys: ['type'] },
  ),
  fc.constant({ type: 'boolean' }),
  fc.constant({ type: 'null' }),
  fc.constant({ type: ['string', 'null'] }),
  fc
    .uniqueArray(scalar, { minLength: 1, maxLength: 4, selector: (v) => JSON.stringify(v) })
    .map((values) => ({ enum: values })),
  scalar.map((value) => ({ const: value })),
  fc.constantFrom<Schema>({}, true, { description: 'anything' }, { type: 'object' }),
);

/** One schema grammar for a context: which defs a `$ref` may name directly, and which only behind structure. */
function schemaArbitrary(direct: number[], guarded: number[]): fc.Arbitrary<Schema> {
  const ref = (targets: number[]) =>
    fc.constantFrom(...targets).map((i) => ({ $ref: `#/$defs/${defName(i)}` }));
  const { schema } = fc.letrec<{ schema: Schema; object: Schema; array: Schema; union: Schema }>(
    (tie) => ({
      schema: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        tie('object'),
        tie('array'),
        tie('union'),
        ...(direct.length ? [ref(direct)] : []),
      ),
      object: fc
        .record({
          props: fc.uniqueArray(
            fc.tuple(
              fc.constantFrom(...ODD_NAMES),
              fc.boolean(),
              guarded.length ? fc.oneof(tie('schema'), ref(guarded)) : tie('schema'),
            ),
            {
              maxLength: 4,
              selector: ([name]) => name,
            },
          ),
          additional: fc.constantFrom<'unset' | 'true' | 'false' | 'schema'>(
            'unset',
            'true',
            'false',
            'schema',
          ),
          extra: leaf,
        })
        .map(({ props, additional, extra }) => {
          // A property that may recurse into a def is optional: the recursion has to be able to stop.
          const required = props.filter(([, req, sub]) => req && !isRef(sub)).map(([name]) => name);
          const schema: Record<string, unknown> = {
            type: 'object',
            properties: Object.fromEntries(props.map(([name, , sub]) => [name, sub])),
          };
          if (required.length) schema.required = required;
          if (additional !== 'unset')
            schema.additionalProperties = additional === 'schema' ? extra : additional === 'true';
          return schema;
        }),
      array: fc.oneof(
        fc
          .record({
            items: guarded.length ? fc.oneof(tie('schema'), ref(guarded)) : tie('schema'),
            maxItems: fc.integer({ min: 0, max: 3 }),
          })
          .map(({ items, maxItems }) => ({ type: 'array', items, maxItems })),
        fc.tuple(tie('schema'), tie('schema')).map(([first, second]) => ({
          type: 'array',
          prefixItems: [first, second],
          items: false,
        })),
      ),
      union: fc.oneof(
        fc.array(tie('schema'), { minLength: 1, maxLength: 3 }).map((anyOf) => ({ anyOf })),
        // oneOf with branches of different primitive types: exactly one matches.
        fc
          .shuffledSubarray(['string', 'integer', 'boolean', 'null'], { minLength: 2 })
          .map((types) => ({ oneOf: types.map((type) => ({ type })) })),
        tie('schema').map((only) => ({ allOf: [only] })),
      ),
    }),
  );
  return schema;
}

function isRef(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && '$ref' in schema;
}

/** `levels` nested required objects around a schema: past the bound of 64 the rest is typed unknown. */
function nested(levels: number, inner: Schema): Schema {
  let schema = inner;
  for (let i = 0; i < levels; i++)
    schema = { type: 'object', properties: { n: schema }, required: ['n'] };
  return schema;
}

/** A schema document: a body plus `$defs` D0..D2, where Di may name D0..D(i-1) anywhere and any def behind structure. */
export const schemaDocument: fc.Arbitrary<Schema> = fc
  .record({
    defs: fc.tuple(
      ...Array.from({ length: DEF_COUNT }, (_, i) =>
        schemaArbitrary([...Array(i).keys()], [...Array(DEF_COUNT).keys()]),
      ),
    ),
    body: schemaArbitrary([...Array(DEF_COUNT).keys()], []),
    depth: fc.oneof(
      { weight: 9, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.integer({ min: 60, max: 80 }) },
    ),
  })
  .map(({ defs, body, depth }) => {
    const root = nested(depth, body);
    const $defs = Object.fromEntries(defs.map((def, i) => [defName(i), def]));
    // A boolean body cannot carry $defs: `true` is `{}`, `false` is not satisfiable and never generated.
    return typeof root === 'boolean' ? { $defs } : { ...root, $defs };
  });
