import { Box, Burger, Container, Group, UnstyledButton } from '@mantine/core';
import type { ContainerProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ColorSchemeToggle } from '#app/components/controls/color-scheme-toggle.tsx';
import { LanguageSelect } from '#app/components/controls/language-select.tsx';
import { FRAME_HEADER_COLUMN } from './frame-column.ts';
import { NavLinks, type NavItem } from './nav-links.tsx';
import classes from './app-header.module.css';

interface AppHeaderProps {
  logo: ReactNode;
  homeTo: string;
  navItems: readonly NavItem[];
  cart: ReactNode;
  userMenu: ReactNode;
  drawerOpened: boolean;
  onToggleDrawer: () => void;
  /** The frame's column, when the screens below are wider than the customer's (the back office). */
  column?: ContainerProps;
}

/**
 * Where the signed-in header has room for every item in one row, in German too (docs/decisions/012): from `md`
 * (992 px). Below it the burger opens the drawer with the same items.
 */
export const NAV_BREAKPOINT = 'md';

/** The signed-in header (60 px, SPEC §9): logo, navigation, cart, language, colour scheme, user menu. */
export function AppHeader({
  logo,
  homeTo,
  navItems,
  cart,
  userMenu,
  drawerOpened,
  onToggleDrawer,
  column = FRAME_HEADER_COLUMN,
}: AppHeaderProps) {
  const { t } = useTranslation('layout');
  return (
    <Container {...column} h="100%">
      <Group h="100%" gap="sm" justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Burger
            opened={drawerOpened}
            onClick={onToggleDrawer}
            hiddenFrom={NAV_BREAKPOINT}
            size="sm"
            aria-label={t(drawerOpened ? 'menu.close' : 'menu.open')}
            aria-expanded={drawerOpened}
            aria-controls="app-drawer"
            className={classes.burger}
          />
          <UnstyledButton
            component={Link}
            to={homeTo}
            className={classes.home}
            aria-label={t('nav.home-link')}
          >
            {logo}
          </UnstyledButton>
          <Box component="nav" aria-label={t('nav.label')} visibleFrom={NAV_BREAKPOINT}>
            <NavLinks items={navItems} />
          </Box>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {cart}
          <Box visibleFrom={NAV_BREAKPOINT}>
            <LanguageSelect nameFrom="never" />
          </Box>
          <Box visibleFrom={NAV_BREAKPOINT}>
            <ColorSchemeToggle />
          </Box>
          {/* On phones the drawer holds the account items; the header keeps room for the logo and the cart. */}
          <Box visibleFrom="sm">{userMenu}</Box>
        </Group>
      </Group>
    </Container>
  );
}
