export * from './types.js';
export { readSnapshotFile, parseSnapshot, parseSnapshotText } from './read.js';
export { serializeSnapshot, canonicalSnapshot, canonicalSchema, compareStrings, sortKeys } from './write.js';
export { writeFileAtomic, writeFilesAtomic } from './atomic.js';
