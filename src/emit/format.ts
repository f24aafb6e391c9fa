import * as prettier from 'prettier';

/**
 * Format once, in memory, with the user's prettier config for the output file when there is one:
 * `--check` compares formatted text, so formatting never makes fresh output look stale.
 */
export async function formatTypeScript(source: string, filepath: string): Promise<string> {
  const config = (await prettier.resolveConfig(filepath, { editorconfig: false })) ?? {};
  // babel-ts prints the same as the typescript parser for the code we emit, and parses ~40% faster.
  return prettier.format(source, { printWidth: 100, singleQuote: true, ...config, filepath, parser: 'babel-ts' });
}
