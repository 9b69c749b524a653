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

/**
 * The back office's column is wider (staff work on desktops all day): at 1440 px the queue's table takes the whole
 * window, so that its customer and machine columns keep their names. The header follows it.
 */
export const STAFF_FRAME_COLUMN = { ...FRAME_COLUMN, size: 1600 } as const satisfies ContainerProps;
export const STAFF_FRAME_HEADER_COLUMN = {
  ...FRAME_HEADER_COLUMN,
  size: 1600,
} as const satisfies ContainerProps;
