/**
 * The total of a list whose page carries it on every row (a count in the page's own statement). Past the last
 * page no row carries it: then the first page's total is asked for, or there are none.
 */
export async function totalOfPage(
  rows: readonly { total: number }[],
  page: number,
  firstPageTotal: () => Promise<number>,
): Promise<number> {
  return rows[0]?.total ?? (page === 1 ? 0 : firstPageTotal());
}
