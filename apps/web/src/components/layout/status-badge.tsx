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

export function StatusBadge({ label, tone }: { label: string; tone: StatusTone }) {
  return (
    <Badge variant="light" color={TONE_COLORS[tone]} radius="sm" size="md" tt="none" fw={600}>
      {label}
    </Badge>
  );
}
