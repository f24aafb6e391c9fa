/**
 * What one request came to when its failure is the server's answer, not the session's end. A leaf
 * of its own: the library's declarations name it, and must not pull in the transports (Node types).
 */
export type Attempt = { result: unknown } | { error: { code?: number; message: string } };
