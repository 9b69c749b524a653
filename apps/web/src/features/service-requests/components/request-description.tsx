import type { ServiceRequestDetails } from '@care/contract/service-requests';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FieldList } from '#app/components/layout/field-list.tsx';

const paragraph = (value: string | null) =>
  value ? <span style={{ whiteSpace: 'pre-wrap' }}>{value}</span> : '—';

/**
 * SPEC §3/§4: the customer's description and comments (read-only: a created request never changes) and the
 * service department's opinion and additional parts.
 */
export function RequestDescription({ request }: { request: ServiceRequestDetails }) {
  const { t } = useTranslation('services');
  return (
    <Stack gap="md">
      <FieldList
        orientation="vertical"
        fields={[
          { label: t('fields.problem-description'), value: paragraph(request.problemDescription) },
          { label: t('fields.comments'), value: paragraph(request.comments) },
          { label: t('fields.service-opinion'), value: paragraph(request.serviceOpinion) },
          { label: t('fields.additional-parts'), value: paragraph(request.additionalParts) },
        ]}
      />
      <Text size="xs" c="dimmed">
        {t('details.read-only')}
      </Text>
    </Stack>
  );
}
