import { ActionIcon, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@care/contract/limits';
import { useCartStore } from '../cart-store.ts';

interface AmountStepperProps {
  id: string;
  amount: number;
  /** The part's name in the current language, for the controls' accessible names. */
  name: string;
}

/**
 * SPEC §4/§5 cart quantity: minus only while above 1, plus up to LIMITS.cartAmountMax, a typed whole number in that
 * range is taken; anything else is refused with a message and the cart keeps its amount (shown again on leaving the field).
 */
export function AmountStepper({ id, amount, name }: AmountStepperProps) {
  const { t, i18n } = useTranslation('cart');
  const { increment, decrement, setAmount } = useCartStore.getState();
  const [draft, setDraft] = useState<string | number>(amount);
  const [shown, setShown] = useState(amount);
  const [refused, setRefused] = useState(false);
  const errorId = useId();
  // Plus and minus change the amount in the store: the field follows.
  if (shown !== amount) {
    setShown(amount);
    setDraft(amount);
    setRefused(false);
  }

  const type = (value: string | number) => {
    setDraft(value);
    setRefused(!(typeof value === 'number' && setAmount(id, value)));
  };
  const leave = () => {
    setDraft(amount);
    setRefused(false);
  };

  return (
    <Stack gap={4} align="flex-end">
      <Group gap={6} wrap="nowrap">
        <ActionIcon
          variant="default"
          size={40}
          onClick={() => decrement(id)}
          disabled={amount <= 1}
          aria-label={t('line.decrease', { name })}
        >
          <IconMinus size={18} aria-hidden />
        </ActionIcon>
        <NumberInput
          value={draft}
          onChange={type}
          onBlur={leave}
          hideControls
          allowDecimal={false}
          allowNegative={false}
          min={1}
          clampBehavior="none"
          inputMode="numeric"
          w={76}
          size="md"
          styles={{ input: { textAlign: 'center', height: 40, minHeight: 40 } }}
          aria-label={t('line.amount', { name })}
          error={refused}
          aria-describedby={refused ? errorId : undefined}
        />
        <ActionIcon
          variant="default"
          size={40}
          onClick={() => increment(id)}
          disabled={amount >= LIMITS.cartAmountMax}
          aria-label={t('line.increase', { name })}
        >
          <IconPlus size={18} aria-hidden />
        </ActionIcon>
      </Group>
      {refused ? (
        <Text id={errorId} size="xs" c="var(--mantine-color-error)" role="alert" ta="right" maw={200}>
          {t('line.amount-refused', { max: LIMITS.cartAmountMax.toLocaleString(i18n.language) })}
        </Text>
      ) : null}
    </Stack>
  );
}
