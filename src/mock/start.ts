import { resolve } from 'node:path';
import { snapshotFileOf } from '../config/shapes-path.js';
import type { ResolvedConfig, ServerConfig } from '../config/types.js';
import { readRecordingFolder } from '../sample/recordings.js';
import type { UndeclaredOutput } from '../shapes/effective.js';
import { CodegenError } from '../shared/errors.js';
import { readSnapshotFile } from '../snapshot/read.js';
import { mockCatalog, type MockCatalog } from './catalog.js';
import { parseFaults } from './faults.js';
import { loadHandlers } from './handlers.js';
import { Replay } from './replay.js';
import { mockState, type MockState } from './state.js';

/** What `mcp-codegen mock` was asked for, its paths relative to `cwd`. */
export interface MockRequest {
  readonly cwd: string;
  /** `--snapshot`, or the server of `--server` with its config. */
  readonly source:
    | { snapshot: string }
    | { server: ServerConfig; config: ResolvedConfig; undeclared: Map<string, UndeclaredOutput> };
  readonly handlers?: string;
  readonly from?: string;
  readonly seed: number;
  /** `--lenient`: a tool nothing answers gets a text, as before issue 49, not `mock_no_answer`. */
  readonly lenient?: boolean;
  readonly pageSize?: number;
  readonly faults: readonly string[];
  readonly then?: { snapshot: string; after: number };
  readonly warn: (line: string) => void;
}

/**
 * Everything read before the first message: the catalogs, the handler module and the recordings,
 * so a mistake in any of them is a usage error at start-up, never a surprise mid-test.
 */
export async function prepareMock(request: MockRequest): Promise<MockState> {
  const { source } = request;
  const base =
    'snapshot' in source
      ? mockCatalog(await readSnapshotFile(resolve(request.cwd, source.snapshot)))
      : mockCatalog(
          await readSnapshotFile(snapshotFileOf(source.config, source.server)),
          source.undeclared,
        );
  const then = request.then && {
    catalog: mockCatalog(await readSnapshotFile(resolve(request.cwd, request.then.snapshot))),
    after: request.then.after,
  };
  if (then && !base.capabilities.tools)
    throw new CodegenError(
      '--then: the first snapshot declares no tools, so no tool list can change',
    );
  const catalogs: MockCatalog[] = then ? [base, then.catalog] : [base];
  const mock = 'server' in source ? source.server.mock : undefined;
  const configured =
    'server' in source && typeof mock === 'object' && mock.handlers !== undefined
      ? resolve(source.config.root, mock.handlers)
      : undefined;
  const handlerFile =
    request.handlers !== undefined ? resolve(request.cwd, request.handlers) : configured;
  const handlers = handlerFile ? await loadHandlers(handlerFile, request.cwd, catalogs) : undefined;
  const recordings = request.from
    ? await readRecordingFolder(resolve(request.cwd, request.from), request.from, request.warn)
    : undefined;
  return mockState(base, {
    ...(then && { then }),
    ...(request.pageSize !== undefined && { pageSize: request.pageSize }),
    faults: parseFaults(request.faults),
    sources: {
      ...(handlers && { handlers }),
      ...(recordings && { replay: new Replay(recordings) }),
      seed: request.seed,
      ...(request.lenient === true && { lenient: true }),
    },
  });
}
