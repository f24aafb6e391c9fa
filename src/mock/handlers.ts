import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { closest } from '../config/closest.js';
import { importTypeScript } from '../config/typescript.js';
import { CodegenError } from '../shared/errors.js';
import { toolForKey, type MockCatalog } from './catalog.js';
import type { MockHandler } from './handler-types.js';

/** The user's handlers by the key they were written under: a client method name or a tool name. */
export type HandlerTable = ReadonlyMap<string, MockHandler<unknown>>;

/**
 * A handler module, `.ts` through the config's own loader (Node natively when it is plain
 * JavaScript, else jiti), any other module through `import()`. Its default export, else its named
 * exports, is the table. A key that names no tool of any served catalog is an error with the
 * nearest name, since a misspelt handler would otherwise be silently replaced by generated data.
 */
export async function loadHandlers(
  file: string,
  cwd: string,
  catalogs: readonly MockCatalog[],
): Promise<HandlerTable> {
  const path = resolve(cwd, file);
  let loaded: unknown;
  try {
    loaded = ['.ts', '.mts', '.cts'].includes(extname(path))
      ? await importTypeScript(path)
      : await importModule(path);
  } catch (error) {
    throw new CodegenError(`cannot load the handler module ${file}: ${(error as Error).message}`, {
      hint: 'export default an object of handlers keyed by method or tool name',
      cause: error,
    });
  }
  if (typeof loaded !== 'object' || loaded === null)
    throw new CodegenError(`the handler module ${file} exports no object of handlers`, {
      hint: 'export default { getForecast: (input) => ({ ... }) }',
    });
  const table = new Map<string, MockHandler<unknown>>();
  const known = catalogs.flatMap((c) =>
    [...c.tools.values()].flatMap((t) => [t.method, t.tool.name]),
  );
  for (const [key, value] of Object.entries(loaded)) {
    if (typeof value !== 'function') continue;
    if (!catalogs.some((catalog) => toolForKey(catalog, key) !== undefined)) {
      const meant = closest(key, known);
      throw new CodegenError(`the handler module ${file} has a handler "${key}" for no tool`, {
        hint: meant ? `did you mean \`${meant}\`?` : `tools: ${known.slice(0, 10).join(', ')}`,
      });
    }
    table.set(key, value as MockHandler<unknown>);
  }
  return table;
}

async function importModule(path: string): Promise<unknown> {
  const mod = (await import(pathToFileURL(path).href)) as { default?: unknown };
  return 'default' in mod ? mod.default : mod;
}

/** The handler for a tool of `catalog`: under the tool's own name, else under its method name. */
export function handlerFor(
  table: HandlerTable,
  catalog: Pick<MockCatalog, 'tools'>,
  tool: string,
): MockHandler<unknown> | undefined {
  return table.get(tool) ?? table.get(catalog.tools.get(tool)?.method ?? '');
}
