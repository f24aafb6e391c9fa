import * as prettier from 'prettier';

/**
 * The user's prettier options for an output file (their config, if any, with our defaults under it).
 * A module of its own: `generate --check` resolves them to compare with the manifest, and must not
 * load the formatter stack to do so (prettier's own index is cheap; its plugins load on first format).
 */
export async function prettierOptionsFor(filepath: string): Promise<prettier.Options> {
  const config = (await prettier.resolveConfig(filepath, { editorconfig: false })) ?? {};
  return { printWidth: 100, singleQuote: true, ...config };
}
