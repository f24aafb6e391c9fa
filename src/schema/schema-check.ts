import { Validator, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import type { JsonObject } from '../shared/json.js';

/** One way a value fails a schema: where in the value, and what. */
export interface SchemaIssue {
  readonly at: string;
  readonly message: string;
}

export type SchemaCheck = (value: unknown) => SchemaIssue[];

/**
 * A validator for a server's schema (the mock's arguments and generated data, the docs' example
 * arguments), with @cfworker/json-schema: it interprets the schema (no code
 * generation, so an untrusted schema never becomes code), resolves only `$ref`s inside the schema
 * (it has no loader, so nothing is fetched), and reads drafts 4, 7, 2019-09 and 2020-12. It writes
 * its own keys into the schema it is given, so it gets a copy: what the mock lists stays as sent.
 * A schema it cannot read (a `$ref` to nowhere) checks nothing rather than refusing every call.
 */
export function schemaCheck(schema: JsonObject | boolean): SchemaCheck {
  let validator: Validator;
  try {
    const copy = structuredClone(schema) as Schema | boolean;
    validator = new Validator(copy, draftOf(schema), false);
    validator.validate(null); // an unresolvable $ref throws only once something reaches it
  } catch {
    return () => [];
  }
  return (value) => {
    let result;
    try {
      result = validator.validate(value);
    } catch {
      return [];
    }
    if (result.valid) return [];
    // The leaves are the useful ones: "properties" or "allOf" wrappers only repeat them.
    const leaves = result.errors.filter(
      (e) => !['properties', 'allOf', 'items', '$ref', 'anyOf', 'oneOf'].includes(e.keyword),
    );
    return (leaves.length ? leaves : result.errors).map((e) => ({
      at: e.instanceLocation.replace(/^#/, '') || '/',
      message: e.error,
    }));
  };
}

function draftOf(schema: JsonObject | boolean): SchemaDraft {
  const uri =
    typeof schema === 'object' && typeof schema.$schema === 'string' ? schema.$schema : '';
  if (uri.includes('draft-04')) return '4';
  if (uri.includes('draft-06') || uri.includes('draft-07')) return '7';
  if (uri.includes('2019-09')) return '2019-09';
  return '2020-12';
}
