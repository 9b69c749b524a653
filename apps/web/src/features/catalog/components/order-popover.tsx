import { ActionIcon, Popover, Tooltip } from '@mantine/core';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderForm } from './order-form.tsx';

interface OrderPopoverProps {
  name: string;
  onAdd: (amount: number) => void;
}

/** A table row's "add to cart": one narrow button that opens the amount and the add button beside it. */
export function OrderPopover({ name, onAdd }: OrderPopoverProps) {
  const { t } = useTranslation('catalog');
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="left" withArrow shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <Tooltip label={t('order.add')} withArrow disabled={opened}>
          <ActionIcon
            size={36}
            variant="light"
            aria-label={t('order.add-named', { name })}
            aria-expanded={opened}
            onClick={() => setOpened((o) => !o)}
          >
            <IconShoppingCartPlus size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('order.add-named', { name })}>
        <OrderForm
          name={name}
          onAdd={(amount) => {
            onAdd(amount);
            setOpened(false);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
