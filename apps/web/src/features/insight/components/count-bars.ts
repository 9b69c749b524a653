import { formatCount } from '../format.ts';
import { barClick } from './bar-click.ts';

/**
 * What every bar chart of counts shares: numbers per language on the bars and in the tooltip, no animation (a
 * screen used all day), no recharts keyboard layer (the chart is aria-hidden; its table is the accessible view)
 * and, where the reader may follow it, a click on a bar opening the bar's filtered list.
 */
export function countBarProps<Row>(language: string, open?: (row: Row) => void) {
  return {
    valueFormatter: (value: number) => formatCount(value, language),
    withBarValueLabel: true,
    accessibilityLayer: false,
    barProps: {
      isAnimationActive: false,
      ...(open ? { cursor: 'pointer', onClick: barClick(open) } : {}),
    },
  };
}
