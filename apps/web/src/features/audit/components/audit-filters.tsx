import { AUDIT_KINDS, type AuditKind } from '@care/contract/audit';
import {
  Box,
  Button,
  CloseButton,
  Collapse,
  Group,
  MultiSelect,
  Paper,
  Text,
  TextInput,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconFilterOff } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '#app/components/layout/search-field.tsx';
import type { AuditParams } from '../api.ts';

/** Fields share a row on a desk and stack on a phone; a date needs about 150 px to show in full. */
const GROW = { flex: '1 1 220px', minWidth: 0 };
const DATES = { flex: '1 1 320px', minWidth: 0 };
const DATE = { flex: '1 1 150px', minWidth: 0 };

export type AuditFilters = Omit<AuditParams, 'limit' | 'cursor'>;

interface AuditFilterBarProps {
  params: AuditParams;
  onChange: (filters: Partial<AuditFilters>) => void;
  onClear: () => void;
}

/**
 * The log's filters: person, kinds, days (in Poland, both included) and subject. Each applies at once; the two
 * texts on Enter. A subject or person opened by a link (`?subjectType=user&subjectId=12`) shows as a removable tag.
 */
export function AuditFilterBar({ params, onChange, onClear }: AuditFilterBarProps) {
  const { t } = useTranslation('admin');
  const hasFilter = Object.entries(params).some(
    ([key, value]) => key !== 'limit' && key !== 'cursor' && value !== undefined && String(value) !== '',
  );
  // On a phone the fields fold away behind one button (as the service queue's), so the entries come first.
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [opened, { toggle }] = useDisclosure(false);
  const panelId = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} mb="md">
      {isPhone ? (
        <Button
          variant="subtle"
          leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
          onClick={toggle}
          aria-expanded={opened}
          aria-controls={panelId}
          h={44}
          px="xs"
        >
          {t(opened ? 'audit.filters.hide' : 'audit.filters.show')}
        </Button>
      ) : null}
      <Collapse expanded={!isPhone || opened} id={panelId}>
        <Group align="flex-start" gap="md" wrap="wrap" pt={isPhone ? 'sm' : 0}>
          <Box style={GROW}>
            <SearchField
              key={`person-${params.person ?? ''}`}
              label={t('audit.filters.person')}
              placeholder={t('audit.filters.person-placeholder')}
              initialValue={params.person ?? ''}
              onSearch={(person) => onChange({ person: person || undefined })}
            />
          </Box>
          <MultiSelect
            style={GROW}
            label={t('audit.filters.kind')}
            placeholder={params.kind?.length ? undefined : t('audit.filters.kind-placeholder')}
            data={AUDIT_KINDS.map((kind) => ({ value: kind, label: t(`audit.kinds.${kind}`) }))}
            value={params.kind ?? []}
            onChange={(kind) => onChange({ kind: kind as AuditKind[] })}
            searchable
            clearable
            size="md"
            comboboxProps={{ withinPortal: true }}
          />
          <Group gap="sm" wrap="nowrap" style={DATES}>
            <TextInput
              style={DATE}
              type="date"
              size="md"
              label={t('audit.filters.from')}
              value={params.from ?? ''}
              max={params.to}
              onChange={(event) => onChange({ from: event.currentTarget.value || undefined })}
            />
            <TextInput
              style={DATE}
              type="date"
              size="md"
              label={t('audit.filters.to')}
              value={params.to ?? ''}
              min={params.from}
              onChange={(event) => onChange({ to: event.currentTarget.value || undefined })}
            />
          </Group>
          <Box style={GROW}>
            <SearchField
              key={`subject-${params.subject ?? ''}`}
              label={t('audit.filters.subject')}
              placeholder={t('audit.filters.subject-placeholder')}
              initialValue={params.subject ?? ''}
              onSearch={(subject) => onChange({ subject: subject || undefined })}
            />
          </Box>
        </Group>
      </Collapse>
      <Group justify="space-between" mt="sm" gap="sm">
        <Group gap="xs">
          {params.subjectType ? (
            <Group gap={4} wrap="nowrap">
              <Text size="sm">
                {t('audit.filters.only-subject', {
                  type: t(`audit.subject-types.${params.subjectType}`),
                  id: params.subjectId ?? '',
                })}
              </Text>
              <CloseButton
                size="md"
                aria-label={t('audit.filters.remove-subject')}
                onClick={() => onChange({ subjectType: undefined, subjectId: undefined })}
              />
            </Group>
          ) : null}
          {params.actorId ? (
            <Group gap={4} wrap="nowrap">
              <Text size="sm">{t('audit.filters.only-actor', { id: params.actorId })}</Text>
              <CloseButton
                size="md"
                aria-label={t('audit.filters.remove-actor')}
                onClick={() => onChange({ actorId: undefined })}
              />
            </Group>
          ) : null}
        </Group>
        <Button
          variant="default"
          leftSection={<IconFilterOff size={18} aria-hidden />}
          onClick={onClear}
          disabled={!hasFilter}
        >
          {t('audit.filters.clear')}
        </Button>
      </Group>
    </Paper>
  );
}
