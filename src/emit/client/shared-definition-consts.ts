import { camelCase, NamePlanner } from '../../model/naming.js';
import type { JsonObject } from '../../snapshot/types.js';
import { jsonTextThunk } from '../print/json-literal.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Large catalogs repeat the same definitions in every tool (an OpenAPI description's components, in
 * each operation's `$defs`: 86% of a GitHub slice's schema bytes, a third of them distinct). Each
 * distinct definition of a root `$defs`/`definitions` is written once, as a module-private
 * `const $name = () => String.raw\`{...}\`` (its JSON text), and every schema holding it names that
 * const: the data each validator holds is unchanged, and a keyword changed in a definition is one line. Names are `$` and the
 * definition's key (the naming planner's `camelCase`, ASCII), so they never meet an export name
 * (`[A-Za-z_]\w*`); the same key with other content is `$name2`.
 */
export class SharedDefinitionConsts {
  private readonly byObject = new Map<object, string>();
  private readonly byText = new Map<string, string>();
  private readonly planner = new NamePlanner();

  get used(): boolean {
    return this.byText.size > 0;
  }

  /**
   * The consts naming `schema`'s definitions; `declare` records the new ones and gives their
   * declarations. (A schema that fails after `name` leaves its claimed names unused: still deterministic.)
   */
  name(schema: JsonObject): { named: Map<object, string>; declare: () => string[] } {
    const named = new Map<object, string>();
    const fresh: Array<{ definition: object; text: string; declaration?: string }> = [];
    const pending = new Map<string, string>(); // text → the name claimed for it by this schema
    for (const keyword of ['$defs', 'definitions']) {
      const defs = schema[keyword];
      if (!isObject(defs)) continue;
      for (const [key, definition] of Object.entries(defs)) {
        if (!isObject(definition)) continue;
        let name = this.byObject.get(definition);
        if (name === undefined) {
          const text = JSON.stringify(definition);
          name = this.byText.get(text) ?? pending.get(text);
          if (name === undefined) {
            const literal = jsonTextThunk(definition as JsonObject);
            name = this.planner.claim(`$${camelCase(key, 'definition')}`);
            pending.set(text, name);
            fresh.push({
              definition,
              text,
              declaration: `const ${name} = ${literal};`,
            });
          } else fresh.push({ definition, text });
        }
        named.set(definition, name);
      }
    }
    const declare = () => {
      for (const { definition, text } of fresh) {
        const name = named.get(definition)!;
        this.byText.set(text, name);
        this.byObject.set(definition, name);
      }
      return fresh.flatMap(({ declaration }) => (declaration === undefined ? [] : [declaration]));
    };
    return { named, declare };
  }
}
