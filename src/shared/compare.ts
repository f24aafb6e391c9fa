/** Code-unit order, independent of locale and ICU version: every sort whose result is written uses it. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
