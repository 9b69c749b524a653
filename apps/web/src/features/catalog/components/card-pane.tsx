import { Group, Paper, ThemeIcon, Title } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import classes from './card-pane.module.css';

interface CardPaneProps {
  title: string;
  icon: TablerIcon;
  /** Buttons at the right of the title (zoom, full screen, sign in to order). */
  actions?: ReactNode;
  /** Beside the other pane: as tall as the split, its content scrolling or fitting inside. */
  fill?: boolean;
  children: ReactNode;
}

/** One half of a card (the drawing or the parts list): a titled <section> with a slim heading row. */
export function CardPane({ title, icon: Icon, actions, fill = false, children }: CardPaneProps) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      className={classes.pane}
      data-fill={fill || undefined}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" className={classes.head}>
        <Group gap="xs" wrap="nowrap" miw={0}>
          <ThemeIcon variant="light" size={32} radius="md" aria-hidden>
            <Icon size={18} stroke={1.75} />
          </ThemeIcon>
          <Title order={2} fz="md" lh={1.3} id={headingId}>
            {title}
          </Title>
        </Group>
        {actions}
      </Group>
      <div className={classes.body}>{children}</div>
    </Paper>
  );
}
