import type { StaffServiceRequest } from '@care/contract/staff';
import {
  SERVICE_REQUEST_PRIORITIES,
  TAG_LIMITS,
  type ServiceRequestPriority,
} from '@care/contract/staff-desk-fields';
import { Button, Select, SimpleGrid, Stack, TagsInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '#app/lib/notify.ts';
import { staffTagsQuery, useTriage } from '../api.ts';

/** Priority and free short tags (suggested from the tags in use), saved together. */
export function TriageForm({ serviceRequest }: { serviceRequest: StaffServiceRequest }) {
  const { t } = useTranslation('staff-desk');
  const triage = useTriage(serviceRequest.id);
  const [priority, setPriority] = useState<ServiceRequestPriority>(serviceRequest.desk.priority);
  const [tags, setTags] = useState<string[]>(serviceRequest.desk.tags);
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim().toLowerCase(), 250);
  const suggestions = useQuery(staffTagsQuery(typed)).data ?? [];
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    triage.mutate(
      { priority, tags },
      {
        onSuccess: () => notify('SUCCESS', { title: t('panel.title'), message: t('panel.saved') }),
        onError: (failure) => {
          setError(failure.message);
          notify('ERROR', { title: t('panel.refused'), message: failure.message });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {/* Side by side on a desktop: the request page's first tab stays within two screens' height. */}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('panel.priority')}
            data={[...SERVICE_REQUEST_PRIORITIES]
              .reverse()
              .map((value) => ({ value, label: t(`priority.${value}`) }))}
            value={priority}
            onChange={(value) => setPriority((value ?? 'normal') as ServiceRequestPriority)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <TagsInput
            label={t('panel.tags')}
            placeholder={t('panel.tags-placeholder')}
            data={suggestions}
            value={tags}
            onChange={(next) => setTags(next.map((tag) => tag.trim().replace(/\s+/g, ' ').toLowerCase()))}
            searchValue={search}
            onSearchChange={setSearch}
            maxTags={TAG_LIMITS.perRequest}
            maxLength={TAG_LIMITS.length}
            clearable
            error={error}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <Button type="submit" variant="light" loading={triage.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('panel.save')}
        </Button>
      </Stack>
    </form>
  );
}
