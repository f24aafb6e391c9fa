import { InputError } from '../shared/errors.js';
import { pointerToken } from '../shared/pointer.js';
import { describe, object } from './values.js';

/** A server's `samples`, `shapes` and `outputs`: each mistake named by its JSON pointer. */
export function checkShapeConfig(server: Record<string, unknown>, file: string, at: string): void {
  if (server.shapes !== undefined && (typeof server.shapes !== 'string' || server.shapes === ''))
    throw new InputError(
      file,
      `${at}/shapes`,
      `expected a file path, got ${describe(server.shapes)}`,
      'a path relative to the config, e.g. "mcp/weather.shapes.json"',
    );
  if (server.samples !== undefined) {
    const samples = object(
      server.samples,
      file,
      `${at}/samples`,
      'tool names to lists of arguments',
    );
    for (const [tool, sets] of Object.entries(samples)) {
      const here = `${at}/samples/${pointerToken(tool)}`;
      if (!Array.isArray(sets) || sets.length === 0)
        throw new InputError(
          file,
          here,
          `expected a non-empty array of argument objects, got ${describe(sets)}`,
          `e.g. ${JSON.stringify(tool)}: [{}] to call it once without arguments`,
        );
      sets.forEach((args, i) => object(args, file, `${here}/${i}`, 'an arguments object'));
    }
  }
  if (server.outputs !== undefined) {
    const outputs = object(server.outputs, file, `${at}/outputs`, 'tool names to { schema }');
    for (const [tool, override] of Object.entries(outputs)) {
      const here = `${at}/outputs/${pointerToken(tool)}`;
      const entry = object(override, file, here, 'an override { schema }');
      for (const key of Object.keys(entry))
        if (key !== 'schema')
          throw new InputError(
            file,
            `${here}/${pointerToken(key)}`,
            `unknown key ${JSON.stringify(key)} in an output override`,
            'an output override takes "schema"',
          );
      object(entry.schema, file, `${here}/schema`, 'a JSON Schema object');
    }
  }
}
