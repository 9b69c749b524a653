/**
 * A bar's click handler that hands over the chart row the bar stands for (recharts passes the bar with the row
 * as its `payload`).
 */
export function barClick<Row>(open: (row: Row) => void) {
  return (bar: unknown) => {
    const row = (bar as { payload?: Row } | undefined)?.payload;
    if (row) open(row);
  };
}
