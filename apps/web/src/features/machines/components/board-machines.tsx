import type { MachinePage } from '@care/contract/machines';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GuaranteeBadge } from './guarantee-badge.tsx';
import { MachineLink } from './machine-card.tsx';

/** The board's machines tile: how many, and the newest few with their guarantee. */
export function BoardMachines({ page }: { page: MachinePage }) {
  const { t } = useTranslation('layout');
  if (page.total === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('board.machines.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="sm" w="100%">
      <Text size="sm" c="dimmed">
        {t('board.machines.count', { count: page.total })}
      </Text>
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {page.items.map((machine) => (
          <Group component="li" key={machine.id} justify="space-between" gap={6} wrap="wrap">
            <div style={{ minWidth: 0 }}>
              <MachineLink machine={machine} />
              <Text size="xs" c="dimmed">
                {machine.serialNumber}
              </Text>
            </div>
            <GuaranteeBadge machine={machine} />
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
