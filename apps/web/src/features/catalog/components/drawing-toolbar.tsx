import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Under the drawing: how to zoom, and the zoom buttons (a fixed height, so they arrive without a shift). */
export function DrawingToolbar({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('catalog');
  return (
    <Group justify="space-between" align="center" gap="sm" wrap="nowrap" mt="xs" mih={36}>
      <Text size="xs" c="dimmed">
        {t('card.zoom-hint')}
      </Text>
      {children}
    </Group>
  );
}
