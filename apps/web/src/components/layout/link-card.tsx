import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './link-card.module.css';

interface LinkCardProps {
  to: string;
  icon: ReactNode;
  /** A picture in the icon's place (e.g. a machine family's photo); the icon shows while it loads. */
  image?: string | undefined;
  title: string;
  description?: string;
}

/** A whole-row link with an icon (or a picture), a title and one line of explanation. */
export function LinkCard({ to, icon, image, title, description }: LinkCardProps) {
  return (
    <UnstyledButton component={Link} to={to} className={classes.card}>
      <Group gap="md" wrap="nowrap" align="center" w="100%">
        {image ? (
          // Decorative: the title names the link. Its box is fixed, so the row does not move when it arrives.
          <img
            src={image}
            alt=""
            width={56}
            height={56}
            loading="lazy"
            decoding="async"
            className={classes.image}
          />
        ) : (
          <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
            {icon}
          </ThemeIcon>
        )}
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
