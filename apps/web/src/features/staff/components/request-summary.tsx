import type { StaffServiceRequest } from '@care/contract/staff';
import { translate } from '@care/contract/translations';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FieldList } from '#app/components/layout/field-list.tsx';
import { formatDate } from '#app/lib/date-time.ts';

type Summary = Pick<
  StaffServiceRequest,
  | 'reportDate'
  | 'estimatedCompletionDate'
  | 'completionDate'
  | 'transportType'
  | 'deliveryPlace'
  | 'problemDescription'
  | 'comments'
>;

const longText = (value: string | null) =>
  value ? (
    <Text inherit style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {value}
    </Text>
  ) : (
    '—'
  );

/** What the customer wrote and chose when filing the request (it never changes), with its dates. */
export function RequestSummary({ serviceRequest }: { serviceRequest: Summary }) {
  const { t, i18n } = useTranslation('services');
  const choice = (value: Summary['transportType']) => translate(value?.label, i18n.language) || '—';
  return (
    <Stack gap="lg">
      <FieldList
        labelWidth={220}
        fields={[
          { label: t('fields.report-date'), value: formatDate(serviceRequest.reportDate) },
          {
            label: t('fields.estimated-completion-date'),
            value: formatDate(serviceRequest.estimatedCompletionDate),
          },
          { label: t('fields.completion-date'), value: formatDate(serviceRequest.completionDate) },
          { label: t('fields.transport-type'), value: choice(serviceRequest.transportType) },
          { label: t('fields.delivery-place'), value: choice(serviceRequest.deliveryPlace) },
        ]}
      />
      <FieldList
        orientation="vertical"
        fields={[
          { label: t('fields.problem-description'), value: longText(serviceRequest.problemDescription) },
          { label: t('fields.comments'), value: longText(serviceRequest.comments) },
        ]}
      />
    </Stack>
  );
}
