/** Discovery's defaults, in a module of their own so the CLI can show them without loading the SDK. */
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_PAGES = 1000;
