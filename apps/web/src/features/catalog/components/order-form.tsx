import { LIMITS } from '@care/contract/limits';
import { Button, Group, NumberInput } from '@mantine/core';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface OrderFormProps {
  /** The part's name in the current language, for the accessible names. */
  name: string;
  onAdd: (amount: number) => void;
  /** `sm` inside a phone card of the parts list. */
  size?: 'sm' | 'md';
}

/** SPEC §5: an amount of at least 1, whole numbers only, then "add to cart". */
export function OrderForm({ name, onAdd, size = 'md' }: OrderFormProps) {
  const { t } = useTranslation('catalog');
  const [amount, setAmount] = useState<number | string>(LIMITS.cartAmountMin);
  const valid =
    typeof amount === 'number' &&
    Number.isInteger(amount) &&
    amount >= LIMITS.cartAmountMin &&
    amount <= LIMITS.cartAmountMax;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (valid) onAdd(amount);
  };

  return (
    <form onSubmit={submit}>
      <Group gap={6} wrap="nowrap" align="flex-end">
        <NumberInput
          label={t('order.amount')}
          aria-label={t('order.amount-of', { name })}
          value={amount}
          onChange={setAmount}
          min={LIMITS.cartAmountMin}
          max={LIMITS.cartAmountMax}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          w={size === 'sm' ? 84 : 96}
          size={size}
          error={!valid && amount !== '' ? true : undefined}
        />
        <Button
          type="submit"
          size={size}
          style={{ flex: size === 'sm' ? 1 : undefined }}
          disabled={!valid}
          aria-label={t('order.add-named', { name })}
          leftSection={<IconShoppingCartPlus size={20} aria-hidden />}
        >
          {t('order.add')}
        </Button>
      </Group>
    </form>
  );
}
