import type { FieldError } from '@care/contract/errors';
import type { IntakeCustomer } from '@care/contract/intake';
import type { NewServiceRequestFields } from '@care/contract/service-requests';
import { Stack, Text } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { IconTractor, IconUser } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { LoadingState } from '#app/components/layout/loading-state.tsx';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { SectionCard } from '#app/components/layout/section-card.tsx';
import { paths } from '#app/config/paths.ts';
import { intakeMachinesQuery, useFileForCustomer } from '#app/features/intake/api.ts';
import { CustomerPicker } from '#app/features/intake/components/customer-picker.tsx';
import { elementsQuery } from '#app/features/service-requests/api.ts';
import { NewRequestForm } from '#app/features/service-requests/components/new-request-form.tsx';
import { fieldErrorsOf } from '#app/lib/api-client.ts';
import { notify } from '#app/lib/notify.ts';
import { queryClient } from '#app/lib/query-client.ts';

/** The form's choices before the page shows. */
export const loader = () => queryClient.ensureQueryData(elementsQuery);

/**
 * /staff/service-requests/new (docs/decisions/064): a service employee files a request for a customer who phoned.
 * The customer first (searched on the server), then the customer's own new-request form (the same fields and
 * rules; no files: photos the customer sends later go into the request's conversation). The request is the
 * customer's; the staff page of it opens next.
 */
export function Component() {
  const { t } = useTranslation(['intake', 'staff', 'services']);
  const navigate = useNavigate();
  const { data: elements } = useSuspenseQuery(elementsQuery);
  const [customer, setCustomer] = useState<IntakeCustomer | null>(null);
  const machines = useQuery(intakeMachinesQuery(customer?.id ?? ''));
  const file = useFileForCustomer();
  const [failure, setFailure] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const lastSubmission = useRef<{ key: string; clientId: string } | null>(null);

  /** The same id for a retry of an unchanged submission, so the server files it once. */
  const clientIdFor = (key: string) => {
    if (lastSubmission.current?.key !== key) lastSubmission.current = { key, clientId: crypto.randomUUID() };
    return lastSubmission.current.clientId;
  };

  const submit = (fields: NewServiceRequestFields) => {
    if (!customer) return;
    setFailure(null);
    setServerErrors([]);
    const body = { ...fields, customerId: customer.id };
    file.mutate(
      { ...body, clientId: clientIdFor(JSON.stringify(body)) },
      {
        onSuccess: (filed) => {
          notify('SUCCESS', { title: t('new.title'), message: t('new.success', { code: filed.code }) });
          void navigate(paths.staffServiceRequest(filed.id), { replace: true });
        },
        onError: (error) => {
          setServerErrors(fieldErrorsOf(error));
          setFailure(error.message);
        },
      },
    );
  };

  return (
    <>
      <PageHeader
        title={t('new.title')}
        description={t('new.description')}
        breadcrumbs={[{ label: t('staff:queue.title'), to: paths.staff }, { label: t('new.title') }]}
      />
      <Stack gap="lg">
        <SectionCard icon={IconUser} title={t('customer.title')}>
          <CustomerPicker
            value={customer}
            onChange={(next) => {
              setCustomer(next);
              setFailure(null);
              setServerErrors([]);
            }}
          />
          {customer?.phone ? (
            <Text size="sm" c="dimmed" mt="xs">
              {t('customer.phone', { phone: customer.phone })}
            </Text>
          ) : null}
        </SectionCard>
        {!customer ? null : machines.isPending ? (
          <LoadingState />
        ) : (machines.data ?? []).length === 0 ? (
          <EmptyState
            icon={IconTractor}
            title={t('customer.no-machines-title')}
            description={t('customer.no-machines')}
          />
        ) : (
          <NewRequestForm
            // A new customer starts a new form: nothing typed for another customer carries over.
            key={customer.id}
            machines={(machines.data ?? []).map((machine) => ({
              value: machine.id,
              label: `${machine.name} (${machine.serialNumber})`,
            }))}
            transportTypes={elements.transportTypes}
            deliveryPlaces={elements.deliveryPlaces}
            attachments={
              <Text size="sm" c="dimmed">
                {t('new.files-later')}
              </Text>
            }
            onSubmit={submit}
            onCancel={() => void navigate(paths.staff)}
            pending={file.isPending}
            failure={failure}
            serverErrors={serverErrors}
          />
        )}
      </Stack>
    </>
  );
}
