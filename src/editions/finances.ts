// Each organisation's financial summary as the editions reported it, night by night, for its
// finances over time (src/money/financial-series.ts; docs/publishing.md: "Finances over time").
// Read in the one walk of every kept edition's register that `collectEditionSeries` makes
// (src/editions/versions.ts); a summary is kept only when it differs from the one before.
import type { WalkedRegister } from './register.ts';

/** One edition's financial summary of one organisation, as its record gave it. */
interface FinancialReport {
  edition: string;
  /** `YYYY-MM-DD`. */
  date: string;
  summary: unknown;
}

/** Per lower-case organisation id, its reports, oldest first. */
export type FinancialReports = Map<string, FinancialReport[]>;

/** The reports, filled in as `visit` is handed each edition's register in turn, oldest first. */
export function financialReportsOf(): { reports: FinancialReports; visit: (walked: WalkedRegister) => void } {
  const reports: FinancialReports = new Map();
  const last = new Map<string, string>();
  const visit = ({ meta, register, touched }: WalkedRegister) => {
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
  };
  return { reports, visit };
}
