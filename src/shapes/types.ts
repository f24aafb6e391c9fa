import type { PayloadSchema } from './infer.js';

/**
 * How a tool's results arrived: `structuredContent`, JSON text (an object or array in the first text
 * block), plain text, or the type of the first block otherwise (`image`, `audio`, `resource`, …);
 * `empty` for no content at all.
 */
export type ContentForm = string;

/** What the samples of one tool's results looked like: a shape, never the values. */
export interface ToolShape {
  /** Every form seen, sorted. */
  content: ContentForm[];
  /** The JSON payload's schema (2020-12), when any result carried JSON. */
  schema?: PayloadSchema;
  /** Field paths (JSON pointers, `*` for any array element) every sample had, and those only some had. */
  fields: { always: string[]; sometimes: string[] };
  /** The server versions (`serverInfo.version`) samples were taken from, sorted. */
  seenOn: string[];
}

/** A server's shapes file: per tool name, its shape. */
export interface Shapes {
  tools: Map<string, ToolShape>;
}

export const SHAPES_FORMAT = 'mcp-codegen/shapes';
export const SHAPES_VERSION = 1;
export const SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';
/** The forms whose payload is JSON, so typed `data` can be read from them. */
export const JSON_FORMS: ReadonlySet<string> = new Set(['structuredContent', 'json-text']);
