import type { ListMethod } from './progress.js';
import { serverError } from './failure.js';

/** One list method: where its items are in a page, and what identifies an item. */
export interface ListSpec {
  method: ListMethod;
  /** The capability that must be declared for the method to be called. */
  capability: 'tools' | 'resources' | 'prompts';
  /** The array in each page, also the snapshot's field. */
  key: 'tools' | 'resources' | 'resourceTemplates' | 'prompts';
  id: 'name' | 'uri' | 'uriTemplate';
  what: string;
}

export const LISTS: readonly ListSpec[] = [
  { method: 'tools/list', capability: 'tools', key: 'tools', id: 'name', what: 'tool' },
  {
    method: 'resources/list',
    capability: 'resources',
    key: 'resources',
    id: 'uri',
    what: 'resource',
  },
  {
    method: 'resources/templates/list',
    capability: 'resources',
    key: 'resourceTemplates',
    id: 'uriTemplate',
    what: 'resource template',
  },
  { method: 'prompts/list', capability: 'prompts', key: 'prompts', id: 'name', what: 'prompt' },
];

export interface Listing {
  items: Record<string, unknown>[];
  /** The page (1-based) each item came from, to point at it if the snapshot rejects it later. */
  pageOf: number[];
  pages: number;
}

export interface PaginateOptions {
  server: string;
  maxPages: number;
  /** Fetch one page: `cursor` is undefined for the first page only. */
  fetchPage(cursor: string | undefined, page: number): Promise<unknown>;
  onPage?(page: number, itemsSoFar: number): void;
}

/**
 * Follow `nextCursor` to the end of a list. Cursors are opaque: the empty string is a cursor
 * like any other, and only an absent `nextCursor` ends the list. A server whose cursors go round
 * in a circle, or never end, is stopped with an error rather than followed forever.
 */
export async function paginate(spec: ListSpec, options: PaginateOptions): Promise<Listing> {
  const listing: Listing = { items: [], pageOf: [], pages: 0 };
  const firstPageOf = new Map<string, number>();
  const cursorFrom = new Map<string, number>();
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const where = { server: options.server, method: spec.method, page };
    const result = await options.fetchPage(cursor, page);
    listing.pages = page;
    const items = pageItems(result, spec, where);
    items.forEach((item, index) => {
      const id = item[spec.id];
      if (typeof id !== 'string' || id === '') {
        throw serverError(
          where,
          `item ${index} of "${spec.key}" has no ${spec.what} ${spec.id} (expected a non-empty string "${spec.id}", got ${describe(id)})`,
          {
            hint: "the server sent a malformed listing; report it to the server's authors",
          },
        );
      }
      const first = firstPageOf.get(id);
      if (first !== undefined) {
        throw serverError(
          where,
          `${spec.what} ${spec.id} ${JSON.stringify(id)} is listed twice (first on page ${first})`,
          {
            hint: `each ${spec.what} ${spec.id} must be unique, or a client cannot tell them apart; report it to the server's authors`,
          },
        );
      }
      firstPageOf.set(id, page);
      listing.items.push(item);
      listing.pageOf.push(page);
    });
    options.onPage?.(page, listing.items.length);

    const next = (result as Record<string, unknown>).nextCursor;
    // Absent ends the list. null cannot be a cursor either; servers built on JSON serializers that
    // write absent fields as null mean "no more pages" by it, so it ends the list too.
    if (next === undefined || next === null) return listing;
    if (typeof next !== 'string') {
      throw serverError(where, `nextCursor must be a string, got ${describe(next)}`, {
        hint: "the server sent a malformed page; report it to the server's authors",
      });
    }
    const earlier = cursorFrom.get(next);
    if (earlier !== undefined) {
      throw serverError(
        where,
        `nextCursor ${JSON.stringify(next)} was already returned by page ${earlier}: following it would loop forever`,
        {
          hint: "the server's pagination is broken (its cursors do not move forward); report it to the server's authors",
        },
      );
    }
    if (page >= options.maxPages) {
      throw serverError(
        where,
        `still returned a nextCursor after ${options.maxPages} pages (${listing.items.length} ${spec.key} so far)`,
        {
          hint: 'the list looks endless; if the server really has that many pages, raise --max-pages (discovery.maxPages in the config)',
        },
      );
    }
    cursorFrom.set(next, page);
    cursor = next;
  }
}

function pageItems(
  result: unknown,
  spec: ListSpec,
  where: { server: string; method: string; page: number },
): Record<string, unknown>[] {
  if (result === null || typeof result !== 'object' || Array.isArray(result)) {
    throw serverError(where, `the result is not an object (got ${describe(result)})`, {
      hint: "the server sent a malformed page; report it to the server's authors",
    });
  }
  const items = (result as Record<string, unknown>)[spec.key];
  if (!Array.isArray(items)) {
    throw serverError(
      where,
      items === undefined
        ? `the result has no "${spec.key}" array`
        : `"${spec.key}" is ${describe(items)}, not an array`,
      {
        hint: "the server sent a malformed page; report it to the server's authors",
      },
    );
  }
  items.forEach((item, index) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      throw serverError(
        where,
        `item ${index} of "${spec.key}" is ${describe(item)}, not a ${spec.what} object`,
        {
          hint: "the server sent a malformed page; report it to the server's authors",
        },
      );
    }
  });
  return items as Record<string, unknown>[];
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return `${typeof value} ${text.length > 60 ? `${text.slice(0, 60)}…` : text}`;
}
