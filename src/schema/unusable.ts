import type { JsonObject } from '../snapshot/types.js';
import { schemaDialect } from './dialect.js';
import { UnresolvedRefs } from './unresolved-refs.js';

/**
 * Why the run-time validator cannot use a schema, or undefined. The one policy for such a schema:
 * the generated client rejects every value against it with one `$compile` issue
 * (templates/runtime-validate.ts, which finds the same reasons while building its validator), the
 * generator says so when it writes validators.ts, and the mock refuses every value too (a test that
 * passes against the mock would fail against the server's real client otherwise).
 *
 * The reasons, each as the runtime words it: a dialect it does not read (`schemaDialect`), a
 * `pattern` or `patternProperties` key that is not a `u`-flag RegExp, a `$ref` that does not
 * resolve inside the schema (nothing is ever fetched). test/runtime-conventions.test.ts holds the
 * verdicts equal on every schema of the fixture and shared catalogs.
 */
export class UnusableSchemas {
  private readonly refs = new UnresolvedRefs();

  /** `text` is the schema's JSON text, when the caller has it already. */
  reasonOf(schema: JsonObject | boolean, text?: string): string | undefined {
    if (typeof schema === 'boolean') return undefined;
    try {
      schemaDialect(schema);
    } catch (error) {
      return (error as Error).message;
    }
    return invalidPattern(schema) ?? this.refs.of(schema, text ?? JSON.stringify(schema));
  }
}

/** `UnusableSchemas.reasonOf` for one schema, with no cache across schemas. */
export function unusableSchemaReason(schema: JsonObject | boolean): string | undefined {
  return new UnusableSchemas().reasonOf(schema);
}

// The first pattern, anywhere in the schema, that does not compile as the validator compiles it.
function invalidPattern(schema: JsonObject): string | undefined {
  const seen = new Set<object>();
  const visit = (node: unknown, depth: number): string | undefined => {
    if (node === null || typeof node !== 'object' || seen.has(node) || depth > 500) return;
    seen.add(node);
    const values: unknown[] = Array.isArray(node) ? node : Object.values(node);
    if (!Array.isArray(node)) {
      const record = node as Record<string, unknown>;
      const map = record['patternProperties'];
      const patterns = [
        record['pattern'],
        ...(map !== null && typeof map === 'object' && !Array.isArray(map) ? Object.keys(map) : []),
      ];
      for (const pattern of patterns) {
        if (typeof pattern !== 'string') continue;
        try {
          new RegExp(pattern, 'u');
        } catch (error) {
          return (error as Error).message.split('\n')[0]!.trim();
        }
      }
    }
    for (const value of values) {
      const found = visit(value, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return visit(schema, 0);
}
