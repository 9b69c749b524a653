import { parseTranslations, translate } from '@care/contract/translations';
import { ActionIcon, Box, Center, Flex, Group, Image, Text } from '@mantine/core';
import { IconPhotoOff, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type CartItem, useCartStore } from '../cart-store.ts';
import { AmountStepper } from './amount-stepper.tsx';
import classes from './cart-line.module.css';

const THUMB = 64;

function Thumbnail({ src }: { src: string | undefined }) {
  // Decorative: the name beside it says what the part is.
  if (!src) {
    return (
      <Center
        w={THUMB}
        h={THUMB}
        bg="var(--mantine-color-default-hover)"
        style={{ borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }}
        data-testid="cart-thumbnail-placeholder"
      >
        <IconPhotoOff size={24} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
      </Center>
    );
  }
  return <Image src={src} alt="" w={THUMB} h={THUMB} fit="contain" radius="sm" style={{ flexShrink: 0 }} />;
}

interface CartLineProps {
  item: CartItem;
  /** The server said this part no longer exists (a field error on its line). */
  unavailable?: boolean;
}

/** SPEC §2 cart line: thumbnail (first image or a placeholder), translated name, symbol, stepper, remove. */
export function CartLine({ item, unavailable = false }: CartLineProps) {
  const { t, i18n } = useTranslation('cart');
  const name = translate(parseTranslations(item.name), i18n.language) || item.symbol;
  const remove = useCartStore((state) => state.remove);
  return (
    <Flex
      component="li"
      gap="md"
      align="center"
      wrap="wrap"
      py="sm"
      aria-label={name}
      className={classes.line}
    >
      <Group gap="md" wrap="nowrap" style={{ flex: '1 1 240px', minWidth: 0 }}>
        <Thumbnail src={item.images[0]} />
        <Box style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="sm" c="dimmed" ff="monospace">
            {item.symbol}
          </Text>
          {unavailable ? (
            <Text size="sm" c="var(--mantine-color-error)">
              {t('line.unavailable')}
            </Text>
          ) : null}
        </Box>
      </Group>
      <Group gap="xs" wrap="nowrap" ml="auto" align="flex-start">
        <AmountStepper id={item.id} amount={item.amount} name={name} />
        <ActionIcon
          variant="subtle"
          color="red"
          size={40}
          onClick={() => remove(item.id)}
          aria-label={t('line.remove', { name })}
        >
          <IconTrash size={20} aria-hidden />
        </ActionIcon>
      </Group>
    </Flex>
  );
}
