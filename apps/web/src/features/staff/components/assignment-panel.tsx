import type { StaffServiceRequest } from '@care/contract/staff';
import { Button, Divider, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  IconClockExclamation,
  IconHandGrab,
  IconMessageOff,
  IconUserShare,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { useAuthStore } from '#app/lib/auth-store.ts';
import { formatDateTime } from '#app/lib/date-time.ts';
import { notify } from '#app/lib/notify.ts';
import { staffColleaguesQuery, useAssign, useNoAnswerNeeded } from '../api.ts';
import { AssignmentHistory } from './assignment-history.tsx';
import { TriageForm } from './triage-form.tsx';

/**
 * How the department handles the request (docs/decisions/062): who has it (take, hand over, release), whether the
 * customer waits for an answer ("no answer needed"), priority and tags, and who had it before.
 */
export function AssignmentPanel({ serviceRequest }: { serviceRequest: StaffServiceRequest }) {
  const { t } = useTranslation('staff-desk');
  return (
    <SectionCard icon={IconUsersGroup} title={t('panel.title')}>
      <Stack gap="md">
        <Assignee serviceRequest={serviceRequest} />
        <WaitingState serviceRequest={serviceRequest} />
        <Divider />
        {/* A colleague's change (a live refetch) starts the form again from what is saved. */}
        <TriageForm
          key={`${serviceRequest.desk.priority}|${serviceRequest.desk.tags.join(',')}`}
          serviceRequest={serviceRequest}
        />
        <AssignmentHistory entries={serviceRequest.desk.assignmentHistory} />
      </Stack>
    </SectionCard>
  );
}

function Assignee({ serviceRequest }: { serviceRequest: StaffServiceRequest }) {
  const { t } = useTranslation('staff-desk');
  const me = useAuthStore((state) => state.user);
  const colleagues = useQuery(staffColleaguesQuery).data ?? [];
  const assign = useAssign(serviceRequest.id);
  const [handTo, setHandTo] = useState<string | null>(null);
  const current = serviceRequest.desk.assignee;
  const isMine = current !== null && me !== null && current.id === String(me.id);

  const change = (assigneeId: string | null, done: string) =>
    assign.mutate(
      { assigneeId, fromAssigneeId: current?.id ?? null },
      {
        onSuccess: () => {
          setHandTo(null);
          notify('SUCCESS', { title: t('panel.title'), message: done });
        },
        onError: (error) => notify('ERROR', { title: t('panel.refused'), message: error.message }),
      },
    );

  const others = colleagues.filter((colleague) => colleague.id !== current?.id);
  return (
    <Stack gap="xs">
      <Group gap="xs" justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Text size="sm" c="dimmed">
            {t('panel.assignee')}
          </Text>
          <Text fw={600} data-testid="assignee">
            {current ? (isMine ? t('panel.you', { name: current.name }) : current.name) : t('panel.nobody')}
          </Text>
        </div>
        <Group gap="xs">
          {!isMine && me ? (
            <Button
              size="compact-md"
              leftSection={<IconHandGrab size={16} aria-hidden />}
              loading={assign.isPending}
              onClick={() => change(String(me.id), t('panel.taken'))}
            >
              {t('panel.take')}
            </Button>
          ) : null}
          {current ? (
            <Button
              size="compact-md"
              variant="default"
              loading={assign.isPending}
              onClick={() => change(null, t('panel.released-done'))}
            >
              {t('panel.release')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          label={t('panel.hand-over')}
          placeholder={t('panel.hand-over-placeholder')}
          data={others.map((colleague) => ({ value: colleague.id, label: colleague.name }))}
          value={handTo}
          onChange={setHandTo}
          searchable
          style={{ flex: 1 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Button
          variant="light"
          leftSection={<IconUserShare size={16} aria-hidden />}
          disabled={handTo === null}
          loading={assign.isPending}
          onClick={() => {
            const name = others.find((colleague) => colleague.id === handTo)?.name ?? '';
            change(handTo, t('panel.handed-over', { name }));
          }}
        >
          {t('panel.hand-over-submit')}
        </Button>
      </Group>
    </Stack>
  );
}

function WaitingState({ serviceRequest }: { serviceRequest: StaffServiceRequest }) {
  const { t } = useTranslation('staff-desk');
  const answered = useNoAnswerNeeded(serviceRequest.id);
  const since = serviceRequest.desk.waitingSince;
  if (!since) {
    return (
      <Text size="sm" c="dimmed">
        {t('panel.not-waiting')}
      </Text>
    );
  }
  return (
    <Group gap="xs" justify="space-between" wrap="wrap">
      <Group gap={6} wrap="nowrap">
        <IconClockExclamation size={18} aria-hidden color="var(--mantine-color-orange-filled)" />
        <Text size="sm" fw={600}>
          {t('panel.waiting-since', { date: formatDateTime(since) })}
        </Text>
      </Group>
      <Button
        size="compact-md"
        variant="default"
        leftSection={<IconMessageOff size={16} aria-hidden />}
        loading={answered.isPending}
        onClick={() =>
          answered.mutate(undefined, {
            onSuccess: () =>
              notify('SUCCESS', { title: t('panel.title'), message: t('panel.no-answer-done') }),
            onError: (error) => notify('ERROR', { title: t('panel.refused'), message: error.message }),
          })
        }
      >
        {t('panel.no-answer')}
      </Button>
    </Group>
  );
}
