import { sanitizeSchema } from '../schema/sanitize.js';
import { tooDeepSchema } from '../schema/walk.js';
import { asObject, type JsonObject, type JsonValue } from '../shared/json.js';
import type { Tool } from '../snapshot/types.js';
import {
  canonicalDefinitions,
  canonicalSchemaWith,
  sortKeys,
  type CanonicalDefinitions,
} from '../snapshot/write.js';
import { prepareValidationSchema } from './validation-schema.js';

/**
 * Large catalogs repeat the same definitions in every tool: an OpenAPI description's components,
 * copied into each operation's `$defs` (GitHub's 1,223 tools hold 4,049 definitions, 610 distinct).
 * Each distinct definition is made canonical once and that one object is shared by every tool that
 * has it, so the passes after it (sanitizing, typing) know it by identity and do their work once.
 * Nothing changes a shared object: every pass builds new ones.
 */
export class SharedDefinitions {
  /** Canonical definitions, one by the text of the definition as the server wrote it (`made`: the shared ones). */
  private readonly canonicalDefinition: CanonicalDefinitions;
  /** Sanitized subschemas by node (mapSchema's `reuse`). */
  private readonly sanitized = new WeakMap<JsonObject, JsonValue>();
  /** Validation subschemas by node (mapSchema's `reuse`, at the validation depth bound). */
  private readonly validation = new WeakMap<JsonObject, JsonValue>();
  /** Subschemas one level down with nothing too deep in them (tooDeepSchema's `shallow`). */
  private readonly shallow = new WeakSet<object>();
  /** The key-sorted JSON of the shared canonical definitions a fingerprint has needed. */
  private readonly sortedTexts = new WeakMap<object, string>();

  /** `canonical`: the same snapshot's, when it was written before (see serializeSnapshot). */
  constructor(canonical: CanonicalDefinitions = canonicalDefinitions()) {
    this.canonicalDefinition = canonical;
  }

  /** The tool with canonical schemas (sorted property maps): the output depends on the catalog, not on key order. */
  canonicalTool(tool: Tool): Tool {
    const out: Tool = { ...tool, inputSchema: this.canonicalSchema(tool.inputSchema) };
    if (tool.outputSchema) out.outputSchema = this.canonicalSchema(tool.outputSchema);
    return out;
  }

  sanitize(schema: JsonValue): JsonValue {
    return sanitizeSchema(schema, this.sanitized);
  }

  /** The schema for run-time validation (see prepareValidationSchema): shared definitions shared in it too. */
  validationSchema(schema: JsonValue): JsonObject {
    return prepareValidationSchema(schema, this.validation);
  }

  tooDeep(schema: JsonValue): string | undefined {
    return tooDeepSchema(schema, this.shallow);
  }

  /**
   * `JSON.stringify(sortKeys(value))`, the text a tool's fingerprint hashes, with each shared
   * definition's part written once (by the built-in writer) rather than once per tool.
   */
  sortedJson(value: JsonValue): string {
    if (value === null || typeof value !== 'object') return JSON.stringify(value);
    if (this.canonicalDefinition.made.has(value)) {
      let text = this.sortedTexts.get(value);
      if (text === undefined) {
        text = JSON.stringify(sortKeys(value));
        this.sortedTexts.set(value, text);
      }
      return text;
    }
    // As JSON.stringify writes what sortKeys gives: `undefined` is `null` in a list and left out of an object.
    if (Array.isArray(value))
      return `[${value.map((item) => (item === undefined ? 'null' : this.sortedJson(item))).join(',')}]`;
    const parts: string[] = [];
    for (const key of Object.keys(value).sort()) {
      const item = value[key];
      if (item !== undefined) parts.push(`${JSON.stringify(key)}:${this.sortedJson(item)}`);
    }
    return `{${parts.join(',')}}`;
  }

  private canonicalSchema(schema: JsonValue): JsonObject {
    return asObject(canonicalSchemaWith(schema, this.canonicalDefinition));
  }
}
