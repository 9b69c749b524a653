import { LIMITS } from '@care/contract/limits';
import { ActionIcon, Button, Group, NumberInput, Tooltip } from '@mantine/core';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface OrderFormProps {
  /** The part's name in the current language, for the accessible names. */
  name: string;
  onAdd: (amount: number) => void;
  /**
   * `md`: the part page; `sm`: a phone card of the parts list (the button's label may wrap); `row`: a table row
   * of the parts list, the amount and a cart button side by side without visible labels (their names say it).
   */
  size?: 'sm' | 'md' | 'row';
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
  const row = size === 'row';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (valid) onAdd(amount);
  };

  return (
    <form onSubmit={submit}>
      <Group gap={6} wrap="nowrap" align="flex-end">
        <NumberInput
          label={row ? undefined : t('order.amount')}
          aria-label={t('order.amount-of', { name })}
          value={amount}
          onChange={setAmount}
          min={LIMITS.cartAmountMin}
          max={LIMITS.cartAmountMax}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          w={row ? 72 : size === 'sm' ? 84 : 96}
          size={row ? 'sm' : size}
          error={!valid && amount !== '' ? true : undefined}
        />
        {row ? (
          <Tooltip label={t('order.add')} withArrow>
            <ActionIcon
              type="submit"
              size={36}
              variant="light"
              disabled={!valid}
              aria-label={t('order.add-named', { name })}
            >
              <IconShoppingCartPlus size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Button
            type="submit"
            size={size}
            // In a phone card the button takes the rest of the row, and a long label wraps instead of being cut.
            {...(size === 'sm'
              ? {
                  style: { flex: 1 },
                  styles: { label: { whiteSpace: 'normal', lineHeight: 1.2 } },
                  h: 'auto',
                  mih: 36,
                  py: 4,
                }
              : {})}
            disabled={!valid}
            aria-label={t('order.add-named', { name })}
            leftSection={<IconShoppingCartPlus size={20} aria-hidden />}
          >
            {t('order.add')}
          </Button>
        )}
      </Group>
    </form>
  );
}
