// Finances over time (docs/publishing.md: "Finances over time"). The register's financial summary
// holds two years, the current and the one before; the editions keep every night's. Read in order,
// they give an organisation every year it ever reported: each with the figures it gives now, the
// edition that first reported that year, and, when a later edition gave other figures for a year
// already reported (accounts restated), each earlier version and the edition that replaced it.
// A pure function of the reports the editions hand over (src/editions/finances.ts).
import { amountOf } from '../lib/money.ts';
import { writtenAmount } from '../records/record-json.ts';

/** One edition's financial summary of one organisation, as its record gave it. */
export interface FinancialReport {
  edition: string;
  /** `YYYY-MM-DD`. */
  date: string;
  /** The record's `financialSummary`, as given. */
  summary: unknown;
}

/** One year's figures; expenditure as the API gives it, negative. */
export interface YearFigures {
  income?: number;
  expenditure?: number;
  grants?: number;
  netAssets?: number;
}

const FIGURES = ['income', 'expenditure', 'grants', 'netAssets'] as const;

/** Figures a later edition replaced: what they were, and the edition that gave the new ones. */
interface Restatement {
  edition: string;
  date: string;
  before: YearFigures;
}

export interface FinancialYear {
  year: number;
  figures: YearFigures;
  /** The edition that first reported the year. */
  firstReported: string;
  firstReportedDate: string;
  /**
   * The edition whose summary last changed the year's figures (restated them, or gave a figure
   * for the first time): the one the figures shown come from.
   */
  figuresFrom: string;
  /** Oldest first; empty when the year was never restated. */
  restatements: Restatement[];
}

function amount(value: unknown): number | undefined {
  const written = writtenAmount(value);
  return written !== undefined ? amountOf(written) : amountOf(value);
}

/** The current and previous year a summary gives, by year; none without its current year. */
function yearsOf(summary: unknown): [number, YearFigures][] {
  if (typeof summary !== 'object' || summary === null || Array.isArray(summary)) return [];
  const fields = summary as Record<string, unknown>;
  const year = amountOf(fields['currentYear']);
  if (year === undefined || !Number.isInteger(year)) return [];
  const figures = (prefix: 'current' | 'prev'): YearFigures => {
    const found: YearFigures = {};
    for (const figure of FIGURES) {
      const value = amount(fields[`${prefix}${figure[0]!.toUpperCase()}${figure.slice(1)}`]);
      if (value !== undefined) found[figure] = value;
    }
    return found;
  };
  const both: [number, YearFigures][] = [
    [year, figures('current')],
    [year - 1, figures('prev')],
  ];
  return both.filter(([, found]) => Object.keys(found).length > 0);
}

/** Whether `after` gives another value for a figure `before` gave: a figure newly given is no restatement. */
function restates(before: YearFigures, after: YearFigures): boolean {
  return FIGURES.some(
    (figure) =>
      before[figure] !== undefined && after[figure] !== undefined && before[figure] !== after[figure],
  );
}

/** Every year the reports give, oldest year first (reports are read oldest edition first). */
export function financialSeries(reports: readonly FinancialReport[]): FinancialYear[] {
  const years = new Map<number, FinancialYear>();
  for (const report of reports) {
    for (const [year, figures] of yearsOf(report.summary)) {
      const known = years.get(year);
      if (known === undefined) {
        years.set(year, {
          year,
          figures,
          firstReported: report.edition,
          firstReportedDate: report.date,
          figuresFrom: report.edition,
          restatements: [],
        });
        continue;
      }
      if (restates(known.figures, figures))
        known.restatements.push({ edition: report.edition, date: report.date, before: known.figures });
      const merged = { ...known.figures, ...figures };
      if (FIGURES.some((figure) => merged[figure] !== known.figures[figure]))
        known.figuresFrom = report.edition;
      known.figures = merged;
    }
  }
  return [...years.values()].sort((a, b) => a.year - b.year);
}

/**
 * Each organisation's series, by its id in any case, from the reports per lower-case id
 * (src/editions/finances.ts); none without editions.
 */
export function seriesOfReports(
  reports: ReadonlyMap<string, readonly FinancialReport[]> | undefined,
): ((id: string) => FinancialYear[]) | undefined {
  return reports && ((id) => financialSeries(reports.get(id.toLowerCase()) ?? []));
}

/**
 * A year as financial-years.csv and the database's financial_years give it, in their column order
 * after the organisation: the year, income, expenditure (negative, as the API gives it), grants,
 * net assets, the edition first reporting it and the one its figures are from; and the editions
 * that restated it, oldest first.
 */
export function financialYearColumns(year: FinancialYear): {
  columns: (number | string | undefined)[];
  restatedIn: string[];
} {
  const { figures } = year;
  return {
    columns: [
      year.year,
      figures.income,
      figures.expenditure,
      figures.grants,
      figures.netAssets,
      year.firstReported,
      year.figuresFrom,
    ],
    restatedIn: year.restatements.map((restatement) => restatement.edition),
  };
}
