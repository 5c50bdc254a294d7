// A horizontal bar chart laid out for an inline SVG: one bar per row around a zero line (net
// assets can be negative), each row's label on a line of its own above its bar, so that the chart
// is narrow enough for a phone's screen at its own size (its text stays 12 px, its figures in view). Only coordinates and text: the page draws it with classes, so that no
// inline style is needed under the site's Content-Security-Policy.

export interface ChartRow {
  label: string;
  /** The value to draw; `undefined` draws no bar and says "none". */
  value?: number;
  /** The figure printed beside the bar (in full). */
  text: string;
}

export interface LaidOutBar {
  label: string;
  /** The label cut to fit the label column; the full label is in the table beside the chart. */
  shortLabel: string;
  labelY: number;
  x: number;
  y: number;
  width: number;
  text: string;
  textX: number;
  /** The baseline of the printed figure, beside the bar. */
  textY: number;
  textAnchor: 'start' | 'end';
}

export interface BarChart {
  width: number;
  height: number;
  zero: number;
  /** The zero line as an SVG path, beside each bar only, clear of the labels above them. */
  axis: string;
  barHeight: number;
  bars: LaidOutBar[];
}

/** Narrower than a phone's column of text (358 px at 390), so that nothing scrolls out of view. */
const WIDTH = 340;
const VALUE_ROOM = 110;
/** A label's line, then its bar. */
const ROW_HEIGHT = 36;
const LABEL_HEIGHT = 16;
const BAR_HEIGHT = 14;
const LABEL_CHARACTERS = 48;

const round = (value: number): number => Math.round(value * 10) / 10;

/** The columns of a horizontal chart: labels on the left, room for the printed figures at the ends. */
export interface AxisLayout {
  width: number;
  labelWidth: number;
  valueRoom: number;
}

/**
 * A horizontal axis that always takes in zero, so that bars of negative values grow leftwards from
 * the same line: where a value falls, and the zero line's x (to a tenth).
 */
export function zeroAxis(
  values: readonly number[],
  layout: AxisLayout,
): { scale: (value: number) => number; zero: number } {
  // Values are measured against the largest of them first: the span of two amounts near the
  // largest floating-point number is an infinity, and every bar drawn from it would be NaN.
  const finite = (value: number) =>
    Number.isNaN(value) ? 0 : Math.max(-Number.MAX_VALUE, Math.min(Number.MAX_VALUE, value));
  const unit = Math.max(0, ...values.map((value) => Math.abs(finite(value)))) || 1;
  const low = Math.min(0, ...values.map((value) => finite(value) / unit));
  const high = Math.max(0, ...values.map((value) => finite(value) / unit));
  const span = high - low || 1;
  const left = layout.labelWidth + (low < 0 ? layout.valueRoom : 0);
  const plot = layout.width - left - layout.valueRoom;
  const scale = (value: number): number => left + ((finite(value) / unit - low) / span) * plot;
  return { scale, zero: round(scale(0)) };
}

/**
 * Where the bar of `value` lies on a `zeroAxis`, and where its printed figure goes: beyond the
 * bar's end, on the left of a negative one.
 */
export function placeBar(
  value: number,
  scale: (value: number) => number,
  zero: number,
): Pick<LaidOutBar, 'x' | 'width' | 'textX' | 'textAnchor'> {
  const end = scale(value);
  const x = round(Math.min(end, zero));
  const width = round(Math.abs(end - zero));
  const negative = value < 0;
  return {
    x,
    width,
    textX: negative ? round(x - 4) : round(x + width + 4),
    textAnchor: negative ? 'end' : 'start',
  };
}

/** A chart of named rows (counties, funders): each label on a line of its own above its bar. */
const NAMED_ROWS: AxisLayout = { width: WIDTH, labelWidth: 0, valueRoom: VALUE_ROOM };

/**
 * A chart of short labels (years): each label beside its bar, narrow enough to be read whole on a
 * phone's screen (390 px less the page's margins).
 */
export const SHORT_LABELS: AxisLayout = { width: 320, labelWidth: 44, valueRoom: 112 };

/** The height of a row whose label is beside its bar. */
const SIDE_ROW_HEIGHT = 22;

export function barChart(rows: readonly ChartRow[], layout: AxisLayout = NAMED_ROWS): BarChart | undefined {
  const values = rows.flatMap((row) => (row.value === undefined ? [] : [row.value]));
  if (values.length === 0) return undefined;
  const { scale, zero } = zeroAxis(values, layout);
  const beside = layout.labelWidth > 0;
  const rowHeight = beside ? SIDE_ROW_HEIGHT : ROW_HEIGHT;
  const bars = rows.map((row, index): LaidOutBar => {
    const top = index * rowHeight;
    const y = beside ? top + (rowHeight - BAR_HEIGHT) / 2 : top + LABEL_HEIGHT;
    const shortLabel =
      [...row.label].length > LABEL_CHARACTERS
        ? `${[...row.label].slice(0, LABEL_CHARACTERS - 1).join('')}…`
        : row.label;
    const textY = y + BAR_HEIGHT - 3;
    const common = { label: row.label, shortLabel, labelY: beside ? textY : top + 12, y, textY };
    if (row.value === undefined) {
      return { ...common, x: zero, width: 0, text: row.text, textX: zero + 4, textAnchor: 'start' };
    }
    return { ...common, ...placeBar(row.value, scale, zero), text: row.text };
  });
  const axis = bars.map((bar) => `M${zero} ${bar.y - 2}v${BAR_HEIGHT + 4}`).join('');
  return { width: layout.width, height: rows.length * rowHeight, zero, axis, barHeight: BAR_HEIGHT, bars };
}
