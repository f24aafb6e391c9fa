import { posix } from 'node:path';

/** The import specifier from one output file to another (both relative to the output folder): `./x.js`, `../x.js`. */
export function moduleSpecifier(from: string, to: string): string {
  const path = posix.relative(posix.dirname(from), to).replace(/\.ts$/, '.js');
  return path.startsWith('.') ? path : `./${path}`;
}
