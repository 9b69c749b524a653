import type { ServiceRequestElement } from '@care/contract/service-requests';
import { isFinalStatus } from '@care/contract/service-requests';
import { canTransition, type ServiceRequestStatus } from '@care/contract/statuses';
import { Button, Group, Text } from '@mantine/core';
import { IconCopy, IconPencil, IconTool } from '@tabler/icons-react';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '#app/components/layout/app-modal.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { type CorrectedRequest, CorrectionForm } from './correction-form.tsx';
import { DuplicateForm } from './duplicate-form.tsx';

interface IntakeActionsProps {
  request: CorrectedRequest & { code: string; status: ServiceRequestStatus };
  requestKey: QueryKey;
  transportTypes: readonly ServiceRequestElement[];
  deliveryPlaces: readonly ServiceRequestElement[];
}

/**
 * The request tab's corrections (machine, transport, delivery place, until the request is final) and "close as
 * duplicate" (while the request may still go to X: N or C), each in a dialog (docs/decisions/064).
 */
export function IntakeActions({ request, requestKey, transportTypes, deliveryPlaces }: IntakeActionsProps) {
  const { t } = useTranslation('intake');
  const [open, setOpen] = useState<'correct' | 'duplicate' | null>(null);
  const close = () => setOpen(null);
  const canCorrect = !isFinalStatus(request.status);
  const canDuplicate = canTransition(request.status, 'X');
  return (
    <SectionCard icon={IconTool} title={t('actions.title')} description={t('actions.description')}>
      {canCorrect || canDuplicate ? (
        <Group gap="sm">
          {canCorrect ? (
            <Button
              variant="light"
              h={40}
              leftSection={<IconPencil size={18} aria-hidden />}
              onClick={() => setOpen('correct')}
            >
              {t('correct.open')}
            </Button>
          ) : null}
          {canDuplicate ? (
            <Button
              variant="light"
              color="red"
              h={40}
              leftSection={<IconCopy size={18} aria-hidden />}
              onClick={() => setOpen('duplicate')}
            >
              {t('duplicate.open')}
            </Button>
          ) : null}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('actions.closed')}
        </Text>
      )}
      <AppModal
        opened={open === 'correct'}
        onClose={close}
        title={t('correct.title')}
        closeLabel={t('close')}
        size="lg"
      >
        <CorrectionForm
          request={request}
          requestKey={requestKey}
          transportTypes={transportTypes}
          deliveryPlaces={deliveryPlaces}
          onDone={close}
        />
      </AppModal>
      <AppModal
        opened={open === 'duplicate'}
        onClose={close}
        title={t('duplicate.title')}
        closeLabel={t('close')}
        size="lg"
      >
        <DuplicateForm id={request.id} code={request.code} requestKey={requestKey} onDone={close} />
      </AppModal>
    </SectionCard>
  );
}
