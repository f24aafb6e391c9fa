/**
 * What the library needs of the process it runs in, typed without `@types/node`: these types appear
 * in our published declarations, and a user's project need not have Node's types installed.
 */

/** Environment variables, like `process.env`. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** A stream text is written to, like `process.stderr`. */
export interface TextOutput {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}
