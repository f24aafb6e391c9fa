import { escapeJsonText } from '../shared/hidden-text.js';
import type { DiffReport } from './types.js';

/** The documented, versioned report (see README.md in this folder). */
export function formatJson(report: DiffReport): string {
  // Hidden characters from the server as JSON escapes: the same value, text safe to view.
  return `${escapeJsonText(JSON.stringify(report, null, 2))}\n`;
}
