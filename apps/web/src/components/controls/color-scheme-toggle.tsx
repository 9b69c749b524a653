import {
  ActionIcon,
  useComputedColorScheme,
  useMantineColorScheme,
  type ActionIconProps,
} from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DeferredTooltip } from '#app/components/overlays/deferred-tooltip.tsx';
import classes from './color-scheme-toggle.module.css';

/** Light/dark switch (SPEC §1). Mantine stores the choice; until then the system preference applies. */
export function ColorSchemeToggle({ variant = 'default' }: { variant?: ActionIconProps['variant'] }) {
  const { t } = useTranslation('common');
  const { setColorScheme } = useMantineColorScheme();
  // Light on the first render, the real scheme right after: the server's markup (entry-server.tsx) cannot know it.
  // The icon needs no render: CSS shows the one of the scheme on <html>.
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const isDark = computed === 'dark';
  const label = t(isDark ? 'color-scheme.to-light' : 'color-scheme.to-dark');

  return (
    <DeferredTooltip label={label} openDelay={300}>
      <ActionIcon
        variant={variant}
        size={40}
        aria-label={label}
        onClick={() => setColorScheme(isDark ? 'light' : 'dark')}
      >
        <IconSun size={20} aria-hidden className={classes.sun} />
        <IconMoon size={20} aria-hidden className={classes.moon} />
      </ActionIcon>
    </DeferredTooltip>
  );
}
