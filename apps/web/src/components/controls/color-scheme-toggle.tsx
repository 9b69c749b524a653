import {
  ActionIcon,
  useComputedColorScheme,
  useMantineColorScheme,
  type ActionIconProps,
} from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredTooltip } from '#app/components/overlays/deferred-tooltip.tsx';
import classes from './color-scheme-toggle.module.css';

const subscribeToNothing = () => () => {};

/**
 * True while React adopts markup the server rendered (its server snapshot), for each component on its own — also
 * in a part hydrated later than the rest (a Suspense boundary); false at once in a page the browser renders.
 */
const useAdoptingServerMarkup = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );

/** Light/dark switch (SPEC §1). Mantine stores the choice; until then the system preference applies. */
export function ColorSchemeToggle({ variant = 'default' }: { variant?: ActionIconProps['variant'] }) {
  const { t } = useTranslation('common');
  const { setColorScheme } = useMantineColorScheme();
  // Light on the first render, the real scheme right after: the server's markup (entry-server.tsx) cannot know
  // it, and React does not correct an attribute (the label) that differs while it adopts that markup — a scheme
  // stored by Mantine would otherwise be read on the first render and the label stay wrong. The icon needs no
  // render: CSS shows the one of the scheme on <html>.
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const isDark = !useAdoptingServerMarkup() && computed === 'dark';
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
