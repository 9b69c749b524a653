import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './logo.module.css';

/** The AgroMech mark (the favicon's barn over a furrow, with the sun) and the "AgroMech Care" wordmark. */
export function Logo({ withTagline = true }: { withTagline?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Group gap={10} wrap="nowrap" align="center">
      <Box
        component="svg"
        viewBox="0 0 64 64"
        w={36}
        h={36}
        aria-hidden="true"
        focusable="false"
        style={{ flex: 'none' }}
      >
        <rect width="64" height="64" rx="14" fill="var(--mantine-color-field-7)" />
        <path
          d="M14 44h36M20 44V30l12-10 12 10v14"
          fill="none"
          stroke="#fff"
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="32" cy="36" r="4" fill="#f9c74f" />
      </Box>
      {/* data-wordmark: a tight header may show the mark alone (components/layout/app-header.module.css). */}
      <Box lh={1.1} data-wordmark>
        <span className={classes.name}>
          {t('app.name')} <span className={classes.product}>{t('app.product')}</span>
        </span>
        {withTagline && (
          <Text component="span" display="block" fz="xs" c="dimmed" visibleFrom="xs">
            {t('app.tagline')}
          </Text>
        )}
      </Box>
    </Group>
  );
}
