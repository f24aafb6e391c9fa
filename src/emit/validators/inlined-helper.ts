/**
 * One run-time helper inlined into an emitted validator module. Its own file because both helper
 * tables declare helpers of this shape: helpers.ts (Ajv's runtime) builds on format-helpers.ts
 * (ajv-formats), so the shape sits below both rather than in either.
 */
export interface Helper {
  /** The identifier the emitted module declares; `$` keeps it apart from Ajv's own names (never `$`-prefixed). */
  readonly name: string;
  /** Helpers this one calls, declared before it. */
  readonly deps: readonly string[];
  readonly source: string;
}
