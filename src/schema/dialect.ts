import type { SchemaDraft } from '@cfworker/json-schema';

// A dialect by its meta-schema's URI: http or https, `#` or not, the hyper-schema beside each.
// draft-06 is read as draft-07, which only adds keywords to it (as the MCP SDK's dialects.ts does).
const DIALECT =
  /^https?:\/\/json-schema\.org\/(?:draft-0([467])|draft\/(2019-09|2020-12))\/(?:hyper-)?schema#?$/;
const LATEST = /^https?:\/\/json-schema\.org\/schema#?$/;
const JSON_SCHEMA_ORG = /^https?:\/\/json-schema\.org\//;

/**
 * The JSON Schema dialect a schema declares, as `@cfworker/json-schema` names it: the one classifier
 * of the generator's warnings and the mock, restated by the runtime as `dialectOf`
 * (templates/runtime-validate.ts: generated code imports nothing; test/runtime-conventions.test.ts
 * holds the two equal). Model: the MCP SDK's `packages/core-internal/src/validators/dialects.ts`.
 *
 * No `$schema` means 2020-12 (MCP 2025-11-25). A json-schema.org dialect the validator does not read
 * (draft-03 and before, or one it does not know) throws, saying which: the schema is unusable, and
 * both the client and the mock refuse every value against it. Any other `$schema` names a
 * meta-schema of its own, which is never fetched: it is read as the default dialect.
 */
export function schemaDialect(schema: { readonly $schema?: unknown }): SchemaDraft {
  const uri = schema.$schema;
  if (typeof uri !== 'string') return '2020-12';
  const known = DIALECT.exec(uri);
  if (known)
    return known[1] === '4' ? '4' : known[1] !== undefined ? '7' : (known[2] as SchemaDraft);
  if (LATEST.test(uri) || !JSON_SCHEMA_ORG.test(uri)) return '2020-12';
  throw new Error(
    `$schema ${JSON.stringify(uri.slice(0, 200))} is a dialect the validator does not read (it reads 2020-12, 2019-09, draft-07, draft-06 and draft-04)`,
  );
}
