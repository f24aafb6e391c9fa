export * from './types.js';
export { readSnapshotFile, parseSnapshot, parseSnapshotText } from './read.js';
export { serializeSnapshot, canonicalSnapshot, canonicalSchema, sortKeys } from './write.js';
export { compareStrings } from '../shared/compare.js';
export { writeFileAtomic, writeFilesAtomic } from '../shared/atomic.js';
