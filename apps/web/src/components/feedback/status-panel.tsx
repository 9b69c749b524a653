import { Group, Stack, Text, ThemeIcon, Title, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

interface StatusPanelProps {
  icon: ReactNode;
  color?: MantineColor;
  title: string;
  message?: ReactNode;
  /** Buttons under the message. */
  children?: ReactNode;
}

/** The centred icon, heading, message and actions of result and error screens. */
export function StatusPanel({ icon, color, title, message, children }: StatusPanelProps) {
  return (
    <Stack align="center" ta="center" gap="md" py={{ base: 'sm', sm: 'md' }}>
      <ThemeIcon size={72} radius="xl" variant="light" color={color} aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={1} fz={{ base: 22, sm: 26 }} style={{ textWrap: 'balance' }}>
        {title}
      </Title>
      {message && (
        <Text c="dimmed" maw={440} style={{ textWrap: 'pretty' }}>
          {message}
        </Text>
      )}
      {children && (
        <Group justify="center" gap="sm" mt="xs">
          {children}
        </Group>
      )}
    </Stack>
  );
}
