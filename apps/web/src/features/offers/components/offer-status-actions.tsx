import { OFFER_REQUEST_TRANSITIONS } from '@care/contract/offers';
import type { OfferRequestStatus } from '@care/contract/statuses';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '#app/lib/api-client.ts';
import { notify } from '#app/lib/notify.ts';
import { useChangeOfferRequestStatus } from '../api.ts';

interface OfferStatusActionsProps {
  id: string;
  status: OfferRequestStatus;
}

/**
 * One button per status the request may move to next (OFFER_REQUEST_TRANSITIONS). The server has the last word:
 * a refusal (a colleague moved it first) stays on screen, and the request is fetched again so the buttons match.
 */
export function OfferStatusActions({ id, status }: OfferStatusActionsProps) {
  const { t } = useTranslation(['staff', 'cart', 'errors']);
  const change = useChangeOfferRequestStatus(id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const targets = OFFER_REQUEST_TRANSITIONS[status];

  const move = (target: OfferRequestStatus) => {
    setRefusal(null);
    change.mutate(
      { status: target },
      {
        onSuccess: () =>
          notify('SUCCESS', {
            title: t('staff:offers.status.notice-title'),
            message: t('staff:offers.status.success', { status: t(`cart:offers.status.${target}`) }),
          }),
        onError: (error) =>
          setRefusal(
            error instanceof ApiRequestError && error.status === 409
              ? t('staff:offers.status.conflict')
              : error instanceof ApiRequestError
                ? error.message
                : t('errors:unexpected'),
          ),
      },
    );
  };

  return (
    <Stack gap="sm">
      {refusal ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {refusal}
        </Alert>
      ) : null}
      {targets.length === 0 ? (
        <Group gap="xs" wrap="nowrap" c="dimmed">
          <IconLock size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">{t('staff:offers.status.final')}</Text>
        </Group>
      ) : (
        <Group gap="sm" wrap="wrap">
          {targets.map((target) => (
            <Button
              key={target}
              h={40}
              variant={target === 'closed' ? 'default' : 'filled'}
              loading={change.isPending && change.variables?.status === target}
              disabled={change.isPending}
              onClick={() => move(target)}
            >
              {t(`staff:offers.status.to.${target}`)}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}
