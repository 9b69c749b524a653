import { STAFF_TEXT_LIMITS, type StaffServiceRequest } from '@care/contract/staff';
import { SERVICE_REQUEST_TRANSITIONS, type ServiceRequestStatus } from '@care/contract/statuses';
import { Alert, Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle, IconArrowsExchange, IconLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '#app/lib/api-client.ts';
import { notify } from '#app/lib/notify.ts';
import { useChangeStatus } from '../api.ts';
import { ServiceStatusBadge } from '#app/components/layout/service-status-badge.tsx';
import {
  COMPLETION_PROBLEMS,
  type CompletionDateProblem,
  completionDateProblem,
  dayInPoland,
} from '../completion-date.ts';
import { StatusChangeConfirmation } from './status-change-confirmation.tsx';

interface StatusChangeProps {
  serviceRequest: Pick<StaffServiceRequest, 'id' | 'status' | 'reportDate'>;
}

/**
 * The status control: only the statuses docs/design.md allows after the current one are offered; a note is optional;
 * nothing changes before a confirmation. The server has the last word: its refusal (someone changed the status
 * meanwhile, or the move is not allowed) stays on screen until the next choice.
 */
export function StatusChange({ serviceRequest }: StatusChangeProps) {
  const { t } = useTranslation(['staff', 'services', 'errors', 'rating']);
  const { id, status, reportDate } = serviceRequest;
  const targets = SERVICE_REQUEST_TRANSITIONS[status];
  const [target, setTarget] = useState<ServiceRequestStatus | null>(null);
  const [note, setNote] = useState('');
  const [missingTarget, setMissingTarget] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // A move to F asks for the day the work was done: today in Poland unless staff change it.
  const [completionDate, setCompletionDate] = useState('');
  const [completionError, setCompletionError] = useState<string | undefined>();
  const change = useChangeStatus(id);
  // The status may move under the screen (an event, another tab): a choice no longer allowed is dropped.
  const chosen = target && targets.includes(target) ? target : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen) {
      setMissingTarget(true);
      return;
    }
    setConfirming(true);
  };

  const completionMessage = (problem: CompletionDateProblem) =>
    t(COMPLETION_PROBLEMS[problem], { date: dayInPoland(reportDate) });

  const confirm = () => {
    if (!chosen) return;
    const problem = chosen === 'F' ? completionDateProblem(completionDate, reportDate) : null;
    if (problem) {
      setCompletionError(completionMessage(problem));
      return;
    }
    change.mutate(
      { status: chosen, fromStatus: status, note, ...(chosen === 'F' ? { completionDate } : {}) },
      {
        onSuccess: () => {
          notify('SUCCESS', {
            title: t('status.notice-title'),
            message: t('status.success', { status: t(`services:status.${chosen}`) }),
          });
          setTarget(null);
          setNote('');
          setConfirming(false);
        },
        onError: (error) => {
          const body = error instanceof ApiRequestError ? error.body : null;
          // A refused completion date stays in the dialog, under the date.
          const refusedDate = body?.fields?.find((field) => field.path === 'completionDate');
          if (refusedDate) {
            setCompletionError(
              body?.code === 'DATE_BEFORE_REPORT_DATE'
                ? completionMessage('before-report')
                : refusedDate.code === 'form.completion-date-future'
                  ? completionMessage('future')
                  : completionMessage('required'),
            );
            return;
          }
          setRefusal(error instanceof ApiRequestError ? error.message : t('errors:unexpected'));
          setConfirming(false);
        },
      },
    );
  };

  if (targets.length === 0) {
    return (
      <Stack gap="sm">
        <CurrentStatus status={status} />
        <Group gap="xs" wrap="nowrap" c="dimmed">
          <IconLock size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">{t('status.final')}</Text>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <CurrentStatus status={status} />
        <Radio.Group
          label={t('status.new')}
          value={chosen}
          onChange={(value) => {
            setTarget(value as ServiceRequestStatus);
            setMissingTarget(false);
            setRefusal(null);
            if (value === 'F') {
              setCompletionDate(dayInPoland(new Date()));
              setCompletionError(undefined);
            }
          }}
          error={missingTarget ? t('status.choose') : undefined}
        >
          <Stack gap="xs" mt="xs">
            {targets.map((code) => (
              <Radio key={code} value={code} label={t(`services:status.${code}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={t('status.note')}
          description={t('status.note-hint')}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={STAFF_TEXT_LIMITS.statusNote}
          autosize
          minRows={2}
          maxRows={6}
        />
        {refusal ? (
          <Alert
            color="red"
            variant="light"
            title={t('status.refused')}
            icon={<IconAlertCircle size={18} aria-hidden />}
            role="alert"
          >
            {refusal}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" leftSection={<IconArrowsExchange size={18} aria-hidden />} h={44}>
            {t('status.submit')}
          </Button>
        </Group>
      </Stack>
      <StatusChangeConfirmation
        opened={confirming}
        from={status}
        to={chosen}
        note={note.trim()}
        pending={change.isPending}
        completion={
          chosen === 'F'
            ? {
                value: completionDate,
                min: dayInPoland(reportDate),
                max: dayInPoland(new Date()),
                error: completionError,
                onChange: (value) => {
                  setCompletionDate(value);
                  setCompletionError(undefined);
                },
              }
            : undefined
        }
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}

function CurrentStatus({ status }: { status: ServiceRequestStatus }) {
  const { t } = useTranslation('staff');
  return (
    <Group gap="sm">
      <Text size="sm" c="dimmed">
        {t('status.current')}
      </Text>
      <ServiceStatusBadge status={status} />
    </Group>
  );
}
