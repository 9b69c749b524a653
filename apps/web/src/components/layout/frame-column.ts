import type { ContainerProps } from '@mantine/core';

/**
 * The one column of the signed-in frame (docs/decisions/012): the header's row, the screen and the footer start
 * and end at the same x from `sm` up, however wide the window. On a phone the header keeps 4 px more for its items.
 */
export const FRAME_COLUMN = { size: 'xl', px: { base: 'md', sm: 'lg' } } as const satisfies ContainerProps;
export const FRAME_HEADER_COLUMN = {
  ...FRAME_COLUMN,
  px: { base: 'sm', sm: 'lg' },
} as const satisfies ContainerProps;
