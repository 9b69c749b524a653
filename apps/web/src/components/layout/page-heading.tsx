import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen's <h1> with an optional one-paragraph introduction. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={1} fz={{ base: 24, sm: 28 }} lh={1.2} style={{ textWrap: 'balance' }}>
        {title}
      </Title>
      {children && (
        <Text c="dimmed" fz="sm" style={{ textWrap: 'pretty' }}>
          {children}
        </Text>
      )}
    </Stack>
  );
}
