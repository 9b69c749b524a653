import type { StaffQueueItem } from '@care/contract/staff';
import { Anchor, Badge, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#app/config/paths.ts';
import { formatDateTime } from '#app/lib/date-time.ts';
import { formatRelativeTime } from '#app/lib/relative-time.ts';

/*
 * The queue's cells, one line each on desktop (about 15 requests on a 1440 × 900 screen); what does not fit is
 * cut with an ellipsis and said in full by the title.
 */

const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

export function RequestLink({ row }: { row: StaffQueueItem }) {
  return (
    <Anchor
      component={Link}
      to={paths.staffServiceRequest(row.id)}
      fw={600}
      size="sm"
      // The dark scheme's link green reads 4:1 on a hovered row (#3b3b3b): a lighter shade there (5.3:1).
      c="light-dark(var(--mantine-color-anchor), var(--mantine-color-field-3))"
      style={{ whiteSpace: 'nowrap' }}
    >
      {row.code}
    </Anchor>
  );
}

export function OneLine({ text, dimmed, maw = 180 }: { text: string; dimmed?: string; maw?: number }) {
  const full = dimmed ? `${text} · ${dimmed}` : text;
  return (
    <Text size="sm" maw={maw} style={oneLine} title={full}>
      {text}
      {dimmed ? (
        <Text span size="xs" c="dimmed">
          {' · '}
          {dimmed}
        </Text>
      ) : null}
    </Text>
  );
}

/*
 * Mantine's light badge text is below 4.5:1 on its own tint in the light scheme at this size: darker text there
 * (as the guarantee badge does), Mantine's own in the dark.
 */
const PRIORITY_LOOK = {
  urgent: { color: 'red', text: 'light-dark(#a51111, var(--mantine-color-red-light-color))' },
  high: { color: 'orange', text: 'light-dark(#8f4a00, var(--mantine-color-orange-light-color))' },
} as const;
const WAITING_TEXT = 'light-dark(#8f4a00, var(--mantine-color-orange-light-color))';

export function Priority({ priority }: { priority: StaffQueueItem['priority'] }) {
  const { t } = useTranslation('staff-desk');
  if (priority === 'urgent' || priority === 'high') {
    return (
      <Badge
        color={PRIORITY_LOOK[priority].color}
        variant="light"
        size="sm"
        tt="none"
        styles={{ label: { color: PRIORITY_LOOK[priority].text } }}
      >
        {t(`priority.${priority}`)}
      </Badge>
    );
  }
  return (
    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {t(`priority.${priority}`)}
    </Text>
  );
}

/** Since when the customer waits for the team's answer, as "2 hr. ago"; nothing when nobody waits. */
export function Waiting({ since }: { since: string | null }) {
  const { t, i18n } = useTranslation('staff-desk');
  if (!since) {
    return (
      <Text component="span" c="dimmed">
        <span aria-hidden>—</span>
        <VisuallyHidden>{t('waiting.none')}</VisuallyHidden>
      </Text>
    );
  }
  const time = formatRelativeTime(since, i18n.language);
  return (
    <Tooltip label={formatDateTime(since)}>
      <Badge
        color="orange"
        variant="light"
        size="sm"
        tt="none"
        leftSection={<IconClockExclamation size={12} aria-hidden />}
        style={{ whiteSpace: 'nowrap', color: WAITING_TEXT }}
        styles={{ label: { color: WAITING_TEXT } }}
      >
        <span aria-hidden>{time}</span>
        <VisuallyHidden>{t('waiting.since', { time })}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}

/** Who wrote last (the customer or the service's name) and how long ago. */
export function LastMessage({ row }: { row: StaffQueueItem }) {
  const { t, i18n } = useTranslation('staff-desk');
  if (!row.lastMessageAt) {
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('last.none')}
      </Text>
    );
  }
  const who = row.lastAuthor
    ? row.lastAuthor.kind === 'customer'
      ? t('last.customer')
      : row.lastAuthor.name
    : '';
  return (
    <Text size="sm" maw={190} style={oneLine} title={`${who} · ${formatDateTime(row.lastMessageAt)}`}>
      <Text span size="sm" fw={row.lastAuthor?.kind === 'customer' ? 600 : undefined}>
        {who}
      </Text>
      <Text span size="xs" c="dimmed">
        {who ? ' · ' : ''}
        {formatRelativeTime(row.lastMessageAt, i18n.language)}
      </Text>
    </Text>
  );
}

export function Guarantee({ state }: { state: StaffQueueItem['guaranteeState'] }) {
  const { t } = useTranslation('staff-desk');
  return (
    <Text
      size="sm"
      c={state === 'ending' ? undefined : 'dimmed'}
      fw={state === 'ending' ? 600 : undefined}
      style={{ whiteSpace: 'nowrap' }}
    >
      {t(`guarantee.${state}`)}
    </Text>
  );
}

export function Tags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {tags.slice(0, 2).map((tag) => (
        <Badge key={tag} variant="default" size="sm" tt="none" fw={500}>
          {tag}
        </Badge>
      ))}
      {tags.length > 2 ? (
        <Text size="xs" c="dimmed" title={tags.join(', ')}>
          +{tags.length - 2}
        </Text>
      ) : null}
    </Group>
  );
}
