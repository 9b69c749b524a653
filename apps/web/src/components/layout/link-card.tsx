import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './link-card.module.css';

interface LinkCardProps {
  to: string;
  icon: ReactNode;
  title: string;
  description?: string;
}

/** A whole-row link with an icon, a title and one line of explanation. */
export function LinkCard({ to, icon, title, description }: LinkCardProps) {
  return (
    <UnstyledButton component={Link} to={to} className={classes.card}>
      <Group gap="md" wrap="nowrap" align="center">
        <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} fz="sm" lh={1.35}>
            {title}
          </Text>
          {description && (
            <Text fz="xs" c="dimmed" lh={1.4} mt={2}>
              {description}
            </Text>
          )}
        </div>
        <IconChevronRight size={18} aria-hidden className={classes.chevron} />
      </Group>
    </UnstyledButton>
  );
}
