/**
 * What discovery answers a request the server sends it (while it lists, reads UI resources, or
 * `sample` calls a tool). Discovery has no user to ask, no model to sample and no roots to offer,
 * but a server that waits for an answer must get one at once, or discovery would wait out the
 * timeout: an elicitation is declined, the roots list is empty, sampling is refused with an error
 * (there is no "declined" result for it), `ping` is answered, and anything else is not known.
 */
export type Refusal =
  { result: Record<string, unknown> } | { error: { code: number; message: string } };

/** The spec's code for a sampling request the client rejected. */
const SAMPLING_REJECTED = -1;
const METHOD_NOT_FOUND = -32601;

export function refusalFor(method: string): Refusal {
  switch (method) {
    case 'elicitation/create':
      return { result: { action: 'decline' } };
    case 'roots/list':
      return { result: { roots: [] } };
    case 'ping':
      return { result: {} };
    case 'sampling/createMessage':
      return {
        error: {
          code: SAMPLING_REJECTED,
          message: 'mcp-codegen is discovering this server and has no model to sample: refused',
        },
      };
    default:
      return { error: { code: METHOD_NOT_FOUND, message: `Method not found: ${method}` } };
  }
}

/** The refusal as an SDK request handler's outcome: the result, or an error with the code (its message unprefixed). */
export async function refuse(request: { method: string }): Promise<Record<string, unknown>> {
  const refusal = refusalFor(request.method);
  if ('result' in refusal) return refusal.result;
  throw Object.assign(new Error(refusal.error.message), { code: refusal.error.code });
}
