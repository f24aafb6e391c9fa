import { Validator, type Schema } from '@cfworker/json-schema';
import { schemaDialect } from './dialect.js';
import { canonicalRefs } from './unresolved-refs.js';
import { UnusableSchemas } from './unusable.js';
import type { JsonObject } from '../shared/json.js';

/** One way a value fails a schema: where in the value, and what. */
export interface SchemaIssue {
  readonly at: string;
  readonly message: string;
}

/** Checks a value; `unusable` says why the schema cannot be used, when it cannot (every value fails). */
export type SchemaCheck = ((value: unknown) => SchemaIssue[]) & { readonly unusable?: string };

const unusable = new UnusableSchemas();

/**
 * A validator for a server's schema (the mock's arguments and generated data, the docs' example
 * arguments), with @cfworker/json-schema: it interprets the schema (no code
 * generation, so an untrusted schema never becomes code), resolves only `$ref`s inside the schema
 * (it has no loader, so nothing is fetched), and reads the dialect the generated client reads
 * (`schemaDialect`). It writes its own keys into the schema it is given, so it gets a copy: what the
 * mock lists stays as sent. A schema the client cannot use (src/schema/unusable.ts) fails closed here
 * too: every value gets one issue saying why, as the generated client rejects every value against it.
 */
export function schemaCheck(schema: JsonObject | boolean): SchemaCheck {
  const reason = unusable.reasonOf(schema);
  if (reason !== undefined) return refuseAll(reason);
  const copy = structuredClone(schema) as Schema | boolean;
  canonicalRefs(copy);
  let validator: Validator;
  try {
    validator = new Validator(
      copy,
      typeof schema === 'boolean' ? '2020-12' : schemaDialect(schema),
      false,
    );
  } catch (error) {
    return refuseAll((error as Error).message.split('\n')[0]!.trim());
  }
  return (value) => {
    let result;
    try {
      result = validator.validate(value);
    } catch (error) {
      // A `$ref` loop on this value: it cannot be checked, so it does not pass (as in the client).
      return [{ at: '/', message: `the value could not be checked: ${(error as Error).message}` }];
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

function refuseAll(reason: string): SchemaCheck {
  const message = `the schema cannot be used: ${reason}`;
  return Object.assign(() => [{ at: '/', message }], { unusable: reason });
}
