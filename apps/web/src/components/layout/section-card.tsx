import { Box, Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';

interface SectionCardProps {
  title: string;
  description?: ReactNode;
  icon?: TablerIcon;
  /** Links or buttons at the right of the heading. */
  actions?: ReactNode;
  children: ReactNode;
  /** Danger zones (deactivate account) get a red frame. */
  tone?: 'default' | 'danger';
}

/** A titled block of a page (an <h2> section): board tiles, settings groups, detail panels. */
export function SectionCard({
  title,
  description,
  icon: Icon,
  actions,
  children,
  tone = 'default',
}: SectionCardProps) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      style={tone === 'danger' ? { borderColor: 'var(--mantine-color-red-outline)' } : undefined}
    >
      <Group justify="space-between" align="flex-start" gap="sm" mb="md" wrap="nowrap">
        <Group gap="sm" align="flex-start" wrap="nowrap" miw={0}>
          {Icon ? (
            <ThemeIcon
              variant="light"
              size={40}
              radius="md"
              color={tone === 'danger' ? 'red' : undefined}
              aria-hidden
            >
              <Icon size={22} stroke={1.75} />
            </ThemeIcon>
          ) : null}
          <Box miw={0}>
            <Title order={2} fz="lg" lh={1.3} id={headingId}>
              {title}
            </Title>
            {description ? (
              <Text size="sm" c="dimmed" mt={2}>
                {description}
              </Text>
            ) : null}
          </Box>
        </Group>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
