import type { DiffReport } from './types.js';

/** The documented, versioned report (see README.md in this folder). */
export function formatJson(report: DiffReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
