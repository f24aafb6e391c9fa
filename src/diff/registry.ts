/**
 * A rule registry's lookups, shared by diff and lint: the registry array is the single source of
 * rule ids, and `Id` is the string-literal union derived from it, so a misspelt id in code is a
 * compile error and an unknown one from outside (a config) is answered by `has`.
 */
export interface Registry<Rule extends { id: string }> {
  /** The rule for an id the engine raises; an unknown id here is a bug in the engine, not user input, so it throws. */
  get(id: Rule['id']): Rule;
  has(id: string): id is Rule['id'];
}

export function ruleRegistry<Rule extends { id: string }>(
  rules: readonly Rule[],
  kind: string,
): Registry<Rule> {
  const byId = new Map<string, Rule>(rules.map((r) => [r.id, r]));
  return {
    get(id) {
      const found = byId.get(id);
      if (!found) throw new Error(`unknown ${kind} rule id ${JSON.stringify(id)}`);
      return found;
    },
    has: (id): id is Rule['id'] => byId.has(id),
  };
}
