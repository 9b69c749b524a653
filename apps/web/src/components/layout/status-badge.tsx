import { Badge } from '@mantine/core';

/** How far along a status is, independent of the entity: each list maps its codes to one of these. */
export type StatusTone = 'new' | 'progress' | 'waiting' | 'done' | 'closed' | 'negative';

const TONE_COLORS: Record<StatusTone, string> = {
  new: 'blue',
  progress: 'cyan',
  waiting: 'yellow',
  done: 'field',
  closed: 'gray',
  negative: 'red',
};

/** `wrap`: a long label goes onto a second line instead of being cut (narrow table columns). */
export function StatusBadge({
  label,
  tone,
  wrap = false,
}: {
  label: string;
  tone: StatusTone;
  wrap?: boolean;
}) {
  return (
    <Badge
      variant="light"
      color={TONE_COLORS[tone]}
      radius="sm"
      size="md"
      tt="none"
      fw={600}
      {...(wrap
        ? { h: 'auto', py: 2, styles: { label: { whiteSpace: 'normal', overflow: 'visible' } } }
        : {})}
    >
      {label}
    </Badge>
  );
}
