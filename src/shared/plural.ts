/** "1 tool", "2 tools": counts the CLI prints read as English. `many` for nouns that do not just take an s. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
