/**
 * Ajv instances reused from one compilation to the next, reset to the state of a fresh one. Building
 * an instance (its vocabularies and formats) was a quarter of compiling a small schema, and a large
 * catalog compiles a thousand or more. What a compilation leaves in an instance is its schemas (removed
 * here) and its scope, whose counters name the generated code (`validate0`, `schema0`, …): a new scope
 * per compilation keeps the names, and so the code, those of a fresh instance. Tied to ajv's internals
 * (`scope`, pinned to 8.20.0): test/validators-linked.test.ts compares the corpus with fresh instances.
 */
import type { Ajv } from 'ajv';
import { ValueScope } from 'ajv/dist/compile/codegen/scope.js';

interface Held {
  readonly ajv: Ajv;
  warn: (message: string) => void;
}

const held = new Map<string, Held>();

/** Whether compilations share instances (`false` only for the test that checks they change nothing). */
export const reuse = { enabled: true };

/**
 * The instance for `key` (every option that shapes it), reset; `create` builds one that logs through
 * the `warn` it is given, which is this compilation's `warn` from now on.
 */
export function ajvFor(
  key: string,
  warn: (message: string) => void,
  create: (warn: (message: string) => void) => Ajv,
): Ajv {
  if (!reuse.enabled) return create(warn);
  let entry = held.get(key);
  if (entry === undefined) {
    const fresh: Held = { ajv: undefined as unknown as Ajv, warn };
    (fresh as { ajv: Ajv }).ajv = create((message) => fresh.warn(message));
    held.set(key, fresh);
    return fresh.ajv;
  }
  entry.warn = warn;
  const { ajv } = entry;
  ajv.removeSchema();
  const scope = ajv.scope as unknown as {
    _prefixes?: Set<string>;
    opts: { es5?: boolean; lines?: boolean };
  };
  (ajv as { scope: unknown }).scope = new ValueScope({
    scope: {},
    prefixes: scope._prefixes,
    es5: scope.opts.es5,
    lines: scope.opts.lines,
  });
  return ajv;
}
