import { Box, Button } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface CartButtonProps {
  count: number;
  onClick: () => void;
  /** Always show the word (the drawer); the header shows it only where there is room. */
  withLabel?: boolean;
}

/** SPEC §2: the cart button shows the number of items in parentheses; on phones only the icon and the count. */
export function CartButton({ count, onClick, withLabel = false }: CartButtonProps) {
  const { t } = useTranslation('layout');
  const label = t('cart.button', { count });
  return (
    <Button
      variant="default"
      h={40}
      px="sm"
      onClick={onClick}
      aria-label={label}
      aria-haspopup="dialog"
      leftSection={<IconShoppingCart size={20} stroke={1.75} aria-hidden />}
    >
      <Box component="span" visibleFrom={withLabel ? undefined : 'xl'} mr={4}>
        {t('cart.name')}
      </Box>
      ({count})
    </Button>
  );
}
