import type { Machine } from '@care/contract/machines';
import { Badge } from '@mantine/core';
import { IconShieldCheck, IconShieldExclamation, IconShieldOff } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

type Guarantee = Pick<Machine, 'guaranteeState' | 'guaranteeDaysLeft'>;

const LOOK = {
  active: { color: 'field', icon: IconShieldCheck, text: undefined },
  // Mantine's light yellow text is below 4.5:1 on its own tint in the light scheme: a dark amber there (6:1).
  ending: {
    color: 'yellow',
    icon: IconShieldExclamation,
    text: 'light-dark(#8f4a00, var(--mantine-color-yellow-light-color))',
  },
  ended: { color: 'gray', icon: IconShieldOff, text: undefined },
  none: { color: 'gray', icon: IconShieldOff, text: undefined },
} as const;

/** The guarantee as the server computed it: days left, ending soon (within 30 days), ended, or unknown. */
export function guaranteeText(t: TFunction<'machines'>, machine: Guarantee): string {
  const days = machine.guaranteeDaysLeft ?? 0;
  switch (machine.guaranteeState) {
    case 'active':
      return t('guarantee.active', { count: days });
    case 'ending':
      return days === 0 ? t('guarantee.ends-today') : t('guarantee.ending', { count: days });
    case 'ended':
      return t('guarantee.ended');
    case 'none':
      return t('guarantee.none');
  }
}

export function GuaranteeBadge({ machine }: { machine: Guarantee }) {
  const { t } = useTranslation('machines');
  const { color, icon: Icon, text } = LOOK[machine.guaranteeState];
  return (
    <Badge
      variant="light"
      color={color}
      radius="sm"
      tt="none"
      fw={600}
      leftSection={<Icon size={14} aria-hidden />}
      style={text ? { color: text } : undefined}
    >
      {guaranteeText(t, machine)}
    </Badge>
  );
}
