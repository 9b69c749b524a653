import type { StaffQueueItem } from '@care/contract/staff';
import { Anchor, Badge, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconClockExclamation, IconMessage, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ServiceStatusBadge } from '#app/components/layout/service-status-badge.tsx';
import { paths } from '#app/config/paths.ts';
import { formatDate, formatDateTime } from '#app/lib/date-time.ts';
import { formatRelativeTime } from '#app/lib/relative-time.ts';
import { formatWorkingTime } from '../due-time.ts';

/*
 * The queue's cells, one line each on desktop (about 15 requests on a 1440 × 900 screen); what does not fit is
 * cut with an ellipsis and said in full by the title.
 */

const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/** The request's code; its report date in the tooltip (the dense table has no column for it). */
export function RequestLink({ row }: { row: StaffQueueItem }) {
  const { t } = useTranslation('staff');
  return (
    <Anchor
      title={`${t('columns.report-date')}: ${formatDate(row.reportDate)}`}
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

/** A cell's text on one line, as wide as its column (the table's fixed layout sets it), cut with an ellipsis. */
export function OneLine({ text, dimmed }: { text: string; dimmed?: string }) {
  const full = dimmed ? `${text} · ${dimmed}` : text;
  return (
    <Text size="sm" style={oneLine} title={full}>
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
const ORANGE_TEXT = 'light-dark(#8f4a00, var(--mantine-color-orange-light-color))';

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
        style={{ whiteSpace: 'nowrap', color: ORANGE_TEXT }}
        styles={{ label: { color: ORANGE_TEXT } }}
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
    <Text size="sm" style={oneLine} title={`${who} · ${formatDateTime(row.lastMessageAt)}`}>
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

/**
 * The machine's guarantee in a word or two ("≤ 30 dni"), so its column stays narrow; the whole sentence is the
 * accessible text and the tooltip. An ending guarantee is a badge: it may decide how a repair is paid.
 */
export function Guarantee({ state }: { state: StaffQueueItem['guaranteeState'] }) {
  const { t } = useTranslation('staff-desk');
  const short = <span aria-hidden>{t(`guarantee-short.${state}`)}</span>;
  const full = <VisuallyHidden>{t(`guarantee.${state}`)}</VisuallyHidden>;
  return (
    <Tooltip label={t(`guarantee.${state}`)}>
      {state === 'ending' ? (
        <Badge
          color="orange"
          variant="light"
          size="sm"
          tt="none"
          style={{ whiteSpace: 'nowrap' }}
          styles={{ label: { color: ORANGE_TEXT } }}
        >
          {short}
          {full}
        </Badge>
      ) : (
        <Text size="sm" c="dimmed" style={oneLine}>
          {short}
          {full}
        </Text>
      )}
    </Tooltip>
  );
}

/** The first tag (cut to fit) and "+N" for the others; all of them in the title and for screen readers. */
export function Tags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  const [first, ...rest] = tags;
  return (
    <Group gap={4} wrap="nowrap" title={tags.join(', ')}>
      <Badge variant="default" size="sm" tt="none" fw={500} style={{ minWidth: 0, flexShrink: 1 }}>
        {first}
      </Badge>
      {rest.length > 0 ? (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          <span aria-hidden>+{rest.length}</span>
          <VisuallyHidden>{rest.join(', ')}</VisuallyHidden>
        </Text>
      ) : null}
    </Group>
  );
}

/** The status badge cut to its column (a long SPEC label such as "W przygotowaniu (do realizacji)"), whole in the title. */
export function Status({ status }: { status: StaffQueueItem['status'] }) {
  const { t } = useTranslation('services');
  return (
    <div title={t(`status.${status}`)} style={{ display: 'flex', minWidth: 0 }}>
      <ServiceStatusBadge status={status} />
    </div>
  );
}

const RED_TEXT = 'light-dark(#a51111, var(--mantine-color-red-light-color))';

/**
 * What is left of the request's next service time (docs/decisions/066), in working time: "3 godz." when there is
 * time, an orange badge when less than a fifth is left, a red one with a minus and a warning sign when overdue. The
 * icon tells the target (a speech bubble: the first reply; a spanner: completion); the whole sentence, with the due
 * moment, is the tooltip and the accessible text. Nothing for a final request.
 */
export function Due({ due }: { due: StaffQueueItem['due'] }) {
  const { t, i18n } = useTranslation('staff-desk');
  if (!due) {
    return (
      <Text component="span" c="dimmed">
        <span aria-hidden>—</span>
        <VisuallyHidden>{t('due.none')}</VisuallyHidden>
      </Text>
    );
  }
  const time = formatWorkingTime(due.minutesLeft, i18n.language);
  const sentence = t(`due.${due.state === 'overdue' ? 'overdue' : 'left'}.${due.target}`, {
    time,
    at: formatDateTime(due.at),
  });
  const TargetIcon = due.target === 'reply' ? IconMessage : IconTool;
  const shown = due.state === 'overdue' ? `−${time}` : time;
  if (due.state === 'ok') {
    return (
      <Tooltip label={sentence}>
        <Group gap={4} wrap="nowrap" c="dimmed">
          <TargetIcon size={14} aria-hidden />
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            <span aria-hidden>{shown}</span>
            <VisuallyHidden>{sentence}</VisuallyHidden>
          </Text>
        </Group>
      </Tooltip>
    );
  }
  const text = due.state === 'overdue' ? RED_TEXT : ORANGE_TEXT;
  return (
    <Tooltip label={sentence}>
      <Badge
        color={due.state === 'overdue' ? 'red' : 'orange'}
        variant="light"
        size="sm"
        tt="none"
        leftSection={
          due.state === 'overdue' ? (
            <IconAlertTriangle size={12} aria-hidden />
          ) : (
            <TargetIcon size={12} aria-hidden />
          )
        }
        style={{ whiteSpace: 'nowrap', color: text }}
        styles={{ label: { color: text } }}
      >
        <span aria-hidden>{shown}</span>
        <VisuallyHidden>{sentence}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}
