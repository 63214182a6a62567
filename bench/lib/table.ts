/** Plain-text tables of benchmark results, as Markdown that prints well in a terminal. */
import type { CpuUsed } from './cpu';

/** Server + database CPU per request, e.g. `2.9` or `1.2+0.8` (node + PostgreSQL backends). */
export function cpuPerRequest(cpu: CpuUsed): string {
  const { serverMsPerRequest: node, databaseMsPerRequest: database } = cpu;
  if (node === null) return 'n/a';
  return database === null ? node.toFixed(2) : `${node.toFixed(2)}+${database.toFixed(2)}`;
}

/** Answers by status, e.g. "200×5790 err×2". */
export function statusCell(statusCodes: Record<string, number>, errors: number): string {
  const codes = Object.entries(statusCodes).map(([code, count]) => `${code}×${count}`);
  return codes.join(' ') + (errors ? ` err×${errors}` : '');
}

/** The CPU everything else on the machine used meanwhile, in cores. */
export function otherCoresCell(cpu: CpuUsed): string {
  return cpu.otherCores === null ? 'n/a' : cpu.otherCores.toFixed(2);
}

/** A Markdown table; the columns from `numericFrom` on are right-aligned. */
export function table(header: string[], body: string[][], numericFrom: number): string {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...body.map((cells) => cells[i]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells
      .map((cell, i) => (i >= numericFrom ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join(' | ')} |`;
  const rule = widths.map((w, i) =>
    i >= numericFrom ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2),
  );
  return [line(header), `|${rule.join('|')}|`, ...body.map(line)].join('\n');
}
