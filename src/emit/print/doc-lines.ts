/**
 * A JSDoc of one line, `/** text *\/`, where json-schema-to-typescript writes three: its doc of a
 * property with a one-line description (or one tag) is then a line, as our own printers write it
 * (print.ts `jsDoc`). Its output writes every comment line as ` * …` under the `/**`, so a block
 * whose one line of text sits between a `/**` and a `*\/` at the same indent is a whole comment.
 */
export function oneLineDocs(source: string): string {
  return source.replace(/^( *)\/\*\*\n\1 \* (\S[^\n]*)\n\1 \*\/$/gm, '$1/** $2 */');
}
