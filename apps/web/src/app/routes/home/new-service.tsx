import type { FieldError } from '@care/contract/errors';
import type { NewServiceRequestFields } from '@care/contract/service-requests';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { IconTractor } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { PageHeader } from '#app/components/layout/page-header.tsx';
import { paths } from '#app/config/paths.ts';
import { machineKeys, machineListQuery, type MachineListParams } from '#app/features/machines/api.ts';
import { elementsQuery, useCreateServiceRequest } from '#app/features/service-requests/api.ts';
import { NewRequestForm } from '#app/features/service-requests/components/new-request-form.tsx';
import { UploadField } from '#app/features/uploads/components/upload-field.tsx';
import { useUploadQueue } from '#app/features/uploads/use-upload-queue.ts';
import { fieldErrorsOf } from '#app/lib/api-client.ts';
import { notify } from '#app/lib/notify.ts';
import { queryClient } from '#app/lib/query-client.ts';

/** The machines to choose from: a customer has a handful; the first 100 by name cover any real account. */
const MACHINE_CHOICES: MachineListParams = {
  page: 1,
  pageSize: 100,
  sort: 'name',
  order: 'asc',
  q: undefined,
};

/** The form's choices and upload limits, and the customer's machines, before the form shows. */
export const loader = () =>
  Promise.all([
    queryClient.ensureQueryData(elementsQuery),
    queryClient.ensureQueryData(machineListQuery(MACHINE_CHOICES)),
  ]);

/**
 * /home/services/new (?machineId= preselects a machine): the fields and the files go in one request, so a failure
 * leaves nothing half-created; everything typed and picked stays on the screen for the next attempt.
 */
export function Component() {
  const { t } = useTranslation('services');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const machineId = search.get('machineId') ?? undefined;
  const { data: elements } = useSuspenseQuery(elementsQuery);
  const { data: machines } = useSuspenseQuery(machineListQuery(MACHINE_CHOICES));
  const queue = useUploadQueue(elements.uploadLimits);
  const create = useCreateServiceRequest();
  const client = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const lastSubmission = useRef<{ key: string; clientId: string } | null>(null);

  /** The same id for a retry of an unchanged submission, so the server files it once; a new one after any edit. */
  const clientIdFor = (fields: NewServiceRequestFields, files: readonly File[]) => {
    const key = JSON.stringify([fields, files.map((file) => [file.name, file.size, file.lastModified])]);
    if (lastSubmission.current?.key !== key) lastSubmission.current = { key, clientId: crypto.randomUUID() };
    return lastSubmission.current.clientId;
  };

  const submit = async (fields: NewServiceRequestFields) => {
    setFailure(null);
    setServerErrors([]);
    let error: unknown = null;
    const created = await queue.sendTogether((files, onProgress) =>
      create
        .mutateAsync({ fields: { ...fields, clientId: clientIdFor(fields, files) }, files, onProgress })
        .catch((cause: unknown) => {
          error = cause;
          throw cause;
        }),
    );
    if (created) {
      // The machine's page lists its requests (and is fresh for 30 s): it must show this one at once.
      void client.invalidateQueries({ queryKey: machineKeys.details() });
      notify('SUCCESS', { title: t('new.title'), message: t('new.success') });
      await navigate(paths.service(created.id), { replace: true });
      return;
    }
    setServerErrors(fieldErrorsOf(error));
    setFailure(error instanceof Error ? error.message : t('new.error'));
    notify('ERROR', { title: t('new.title'), message: t('new.error') });
  };

  const cancel = () => void navigate(machineId ? paths.machine(machineId) : paths.services);

  return (
    <>
      <PageHeader
        title={t('new.title')}
        description={t('new.description')}
        breadcrumbs={[{ label: t('list.title'), to: paths.services }, { label: t('list.new') }]}
      />
      {machines.items.length === 0 ? (
        <EmptyState
          icon={IconTractor}
          title={t('new.no-machines-title')}
          description={t('new.no-machines')}
        />
      ) : (
        <NewRequestForm
          machines={machines.items.map((machine) => ({
            value: machine.id,
            label: `${machine.name} (${machine.serialNumber})`,
          }))}
          transportTypes={elements.transportTypes}
          deliveryPlaces={elements.deliveryPlaces}
          initialMachineId={machineId}
          attachments={
            <UploadField queue={queue} limits={elements.uploadLimits} label={t('new.files-label')} />
          }
          onSubmit={(fields) => void submit(fields)}
          onCancel={cancel}
          pending={queue.sending || create.isPending}
          failure={failure}
          serverErrors={serverErrors}
        />
      )}
    </>
  );
}
