import { EmptyState as MantineEmptyState } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: TablerIcon;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links that lead somewhere useful from the empty place. */
  children?: ReactNode;
  size?: 'sm' | 'md';
}

/** What a list, a panel or a page shows when it has nothing to show yet: an icon, one line, a way on. */
export function EmptyState({ icon: Icon, title, description, children, size = 'md' }: EmptyStateProps) {
  return (
    <MantineEmptyState
      variant="light"
      size={size}
      py={size === 'md' ? 'xl' : 'md'}
      px="md"
      icon={<Icon stroke={1.5} aria-hidden />}
      title={title}
      description={description}
      maw={520}
      mx="auto"
    >
      {children ? <MantineEmptyState.Actions>{children}</MantineEmptyState.Actions> : null}
    </MantineEmptyState>
  );
}
