import type { ServerConfig } from './types.js';

/** Whether a server's config turns mock.ts on: `mock: true`, or an object without `client: false`. */
export function mockFileOn(mock: ServerConfig['mock']): boolean {
  return mock === true || (typeof mock === 'object' && mock !== null && mock.client !== false);
}
