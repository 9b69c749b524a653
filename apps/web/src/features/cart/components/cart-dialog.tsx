import { parseTranslations, translate } from '@care/contract/translations';
import { Group, Stack, Text } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '#app/components/layout/app-modal.tsx';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { useCartStore } from '../cart-store.ts';

interface CartDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * SPEC §2 cart dialog (width 700). The first cut lists what is in the cart; the thumbnails, the quantity
 * stepper, 'clear' and 'send' come with the catalogue issue, which is also the first way to add a part.
 */
export function CartDialog({ opened, onClose }: CartDialogProps) {
  const { t, i18n } = useTranslation('cart');
  const items = useCartStore((state) => state.items);
  return (
    <AppModal opened={opened} onClose={onClose} title={t('title')} size={700} closeLabel={t('close')}>
      {items.length === 0 ? (
        <EmptyState icon={IconShoppingCart} title={t('empty.title')} description={t('empty.description')} />
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <Group component="li" key={item.id} justify="space-between" wrap="nowrap" gap="md">
              <div>
                <Text fw={500}>{translate(parseTranslations(item.name), i18n.language)}</Text>
                <Text size="sm" c="dimmed">
                  {item.symbol}
                </Text>
              </div>
              <Text size="sm">{t('amount', { count: item.amount })}</Text>
            </Group>
          ))}
        </Stack>
      )}
    </AppModal>
  );
}
