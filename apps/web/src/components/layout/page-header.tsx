import { Anchor, Box, Breadcrumbs, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './page-header.module.css';
import { usePageTitle } from './use-page-title.ts';

export interface Crumb {
  label: string;
  /** The last crumb is the current page and never a link. */
  to?: string;
}

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  breadcrumbs?: readonly Crumb[];
  /** Buttons beside the title (they wrap below it on phones). */
  actions?: ReactNode;
  /** Extra content after the title, e.g. a status badge. */
  badge?: ReactNode;
  /** The browser tab's title when it should differ from the heading (e.g. a greeting). */
  documentTitle?: string;
}

/** The top of every signed-in and catalogue page: breadcrumbs, the page's only <h1>, and the tab title. */
export function PageHeader({
  title,
  description,
  breadcrumbs,
  actions,
  badge,
  documentTitle,
}: PageHeaderProps) {
  const { t } = useTranslation('layout');
  usePageTitle(documentTitle ?? title);
  return (
    <Box mb="lg">
      {breadcrumbs && breadcrumbs.length > 0 ? (
        <Box component="nav" aria-label={t('breadcrumbs')} mb="xs">
          <Breadcrumbs className={classes.breadcrumbs} separatorMargin={6}>
            {breadcrumbs.map((crumb, index) =>
              crumb.to && index < breadcrumbs.length - 1 ? (
                <Anchor key={index} component={Link} to={crumb.to} className={classes.crumb}>
                  {crumb.label}
                </Anchor>
              ) : (
                <Text key={index} component="span" c="dimmed" className={classes.crumb} aria-current="page">
                  {crumb.label}
                </Text>
              ),
            )}
          </Breadcrumbs>
        </Box>
      ) : null}
      <Group justify="space-between" align="flex-end" gap="md">
        <Box miw={0} style={{ flex: '1 1 320px' }}>
          <Group gap="sm" align="center">
            <Title order={1} className={classes.title}>
              {title}
            </Title>
            {badge}
          </Group>
          {description ? (
            <Text c="dimmed" mt={4} maw={720}>
              {description}
            </Text>
          ) : null}
        </Box>
        {actions ? (
          <Group gap="sm" wrap="wrap">
            {actions}
          </Group>
        ) : null}
      </Group>
    </Box>
  );
}
