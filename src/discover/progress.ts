import type { TextOutput } from '../shared/host.js';
import type { ProtocolEra } from '../config/types.js';

/** The list methods discovery walks, in the order it walks them. */
export type ListMethod =
  'tools/list' | 'resources/list' | 'resources/templates/list' | 'prompts/list';
export type TransportKind = 'stdio' | 'streamable-http' | 'sse';

/** What discovery is doing, for a progress display. `server` is the label used in messages. */
export type DiscoverProgress =
  | { type: 'connecting'; server: string; transport: TransportKind }
  | { type: 'fallback'; server: string; from: TransportKind; to: TransportKind; reason: string }
  | {
      type: 'connected';
      server: string;
      transport: TransportKind;
      era?: ProtocolEra;
      serverName?: string;
      serverVersion?: string;
      protocolVersion?: string;
    }
  | { type: 'page'; server: string; method: ListMethod; page: number; items: number }
  | { type: 'list-done'; server: string; method: ListMethod; pages: number; items: number }
  | { type: 'ui-resources'; server: string; read: number; failed: number }
  | { type: 'done'; server: string }
  | { type: 'failed'; server: string };

const NOUNS: Record<ListMethod, [string, string]> = {
  'tools/list': ['tool', 'tools'],
  'resources/list': ['resource', 'resources'],
  'resources/templates/list': ['template', 'templates'],
  'prompts/list': ['prompt', 'prompts'],
};

function count(n: number, method: ListMethod): string {
  const [one, many] = NOUNS[method];
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * On a terminal: one line, rewritten in place ("server › tools/list page 3 (75 tools)") and
 * cleared at the end, so the command's own summary is the only thing left on screen.
 * Elsewhere (CI logs, pipes): no control characters and one line per step that finished,
 * because a log is read afterwards and an updating line there is just noise.
 */
export function createProgressReporter(stream: TextOutput): (e: DiscoverProgress) => void {
  if (stream.isTTY) {
    let shown = false;
    const show = (server: string, text: string) => {
      // Keep to one terminal row (a wrapped line cannot be rewritten with \r). What is happening
      // matters more than a long command line, so the label gives way first, keeping its end.
      const width = Math.max(40, (stream.columns || 80) - 1);
      const room = width - text.length - 3;
      const label =
        server.length <= room
          ? server
          : room >= 10
            ? `…${server.slice(server.length - room + 1)}`
            : '';
      const line = label ? `${label} › ${text}` : text;
      stream.write(`\r\x1b[2K${line.length > width ? `${line.slice(0, width - 1)}…` : line}`);
      shown = true;
    };
    return (e) => {
      switch (e.type) {
        case 'connecting':
          return show(e.server, `connecting (${e.transport})`);
        case 'fallback':
          return show(e.server, `${e.from} refused, trying ${e.to}`);
        case 'connected':
          return show(e.server, `connected (${describeServer(e)})`);
        case 'page':
          return show(e.server, `${e.method} page ${e.page} (${count(e.items, e.method)})`);
        case 'list-done':
          return show(e.server, `${e.method} done (${count(e.items, e.method)})`);
        case 'ui-resources':
          return show(e.server, `resources/read done (${uiCount(e)})`);
        case 'done':
        case 'failed':
          if (shown) stream.write('\r\x1b[2K');
          shown = false;
          return;
      }
    };
  }
  return (e) => {
    switch (e.type) {
      case 'fallback':
        return void stream.write(`${e.server}: ${e.from} refused (${e.reason}), using ${e.to}\n`);
      case 'connected':
        return void stream.write(
          `${e.server}: connected over ${e.transport} (${describeServer(e)})\n`,
        );
      case 'list-done':
        return void stream.write(
          `${e.server}: ${e.method}: ${count(e.items, e.method)} in ${e.pages} ${e.pages === 1 ? 'page' : 'pages'}\n`,
        );
      case 'ui-resources':
        return void stream.write(`${e.server}: resources/read: ${uiCount(e)}\n`);
      default:
        return;
    }
  };
}

/** `2 UI resources`, `3 UI resources (1 unreadable)`. */
function uiCount(e: { read: number; failed: number }): string {
  const n = e.read + e.failed;
  return `${n} UI ${n === 1 ? 'resource' : 'resources'}${e.failed ? ` (${e.failed} unreadable)` : ''}`;
}

function describeServer(e: {
  era?: ProtocolEra;
  serverName?: string;
  serverVersion?: string;
  protocolVersion?: string;
}): string {
  const name = [e.serverName, e.serverVersion].filter(Boolean).join(' ') || 'unnamed server';
  // Only the modern era is named: a legacy line reads as it always has.
  const era = e.era === 'modern' ? ', modern era' : '';
  return e.protocolVersion ? `${name}, protocol ${e.protocolVersion}${era}` : `${name}${era}`;
}
