// Each organisation's financial summary as the editions reported it, night by night, for its
// finances over time (src/money/financial-series.ts; docs/publishing.md: "Finances over time").
// Read from every kept edition's register in turn (src/editions/register.ts), each stored line
// once; a summary is kept only when it differs from the one the edition before reported.
import { walkEditionRegisters } from './register.ts';

/** One edition's financial summary of one organisation, as its record gave it. */
interface FinancialReport {
  edition: string;
  /** `YYYY-MM-DD`. */
  date: string;
  summary: unknown;
}

/** Per lower-case organisation id, its reports, oldest first. */
export type FinancialReports = Map<string, FinancialReport[]>;

/** The reports of the editions in `folders` (oldest first; a pending edition may be the last). */
export async function collectFinancialReports(
  editionsDir: string,
  folders: readonly string[],
): Promise<FinancialReports> {
  const reports: FinancialReports = new Map();
  const last = new Map<string, string>();
  await walkEditionRegisters(editionsDir, folders, ({ meta, register, touched }) => {
    const ids = touched === 'all' ? register.organisations.keys() : touched;
    for (const id of ids) {
      const summary = register.organisations.get(id)?.record['financialSummary'];
      if (summary === undefined) continue;
      const text = JSON.stringify(summary);
      if (last.get(id) === text) continue;
      last.set(id, text);
      const report = { edition: meta.id, date: meta.date, summary };
      const known = reports.get(id);
      if (known === undefined) reports.set(id, [report]);
      else known.push(report);
    }
  });
  return reports;
}
