import type { ServiceRequestDetails } from '@care/contract/service-requests';
import { translate } from '@care/contract/translations';
import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FieldList } from '#app/components/layout/field-list.tsx';
import { paths } from '#app/config/paths.ts';
import { formatDate, formatDateTime } from '#app/lib/date-time.ts';

/** SPEC §3: the request's code, machine, dates, status, transport type and delivery place. */
export function RequestSummary({ request, status }: { request: ServiceRequestDetails; status: ReactNode }) {
  const { t, i18n } = useTranslation('services');
  const choice = (element: ServiceRequestDetails['transportType']) =>
    element ? translate(element.label, i18n.language) || element.code : '—';
  return (
    <FieldList
      labelWidth={220}
      fields={[
        { label: t('fields.code'), value: request.code },
        { label: t('fields.status'), value: status },
        {
          label: t('fields.machine'),
          value: (
            <Anchor component={Link} to={paths.machine(request.machine.id)} size="sm">
              {`${request.machine.name} (${request.machine.serialNumber})`}
            </Anchor>
          ),
        },
        { label: t('fields.report-date'), value: formatDateTime(request.reportDate) },
        { label: t('fields.estimated-completion-date'), value: formatDate(request.estimatedCompletionDate) },
        { label: t('fields.completion-date'), value: formatDate(request.completionDate) },
        { label: t('fields.transport-type'), value: choice(request.transportType) },
        { label: t('fields.delivery-place'), value: choice(request.deliveryPlace) },
      ]}
    />
  );
}
