import { Box, Button, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconKey, IconLogout, IconSettings } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorSchemeToggle } from '#app/components/controls/color-scheme-toggle.tsx';
import { LanguageSelect } from '#app/components/controls/language-select.tsx';
import { paths } from '#app/config/paths.ts';
import { NAV_BREAKPOINT } from './app-header.tsx';
import { NavLinks, type NavItem } from './nav-links.tsx';

interface MobileDrawerProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  navItems: readonly NavItem[];
  cart: ReactNode;
  userName: string;
  onSignOut: () => void;
  /** The settings page: the customer's /home/user, or the staff settings. */
  settingsTo?: string;
}

/**
 * SPEC §2: on phones and tablets the header's items appear in a drawer. Built from Drawer's parts so its
 * header is a <div> (Mantine's <header> would be a second banner landmark).
 */
export function MobileDrawer({
  opened,
  onClose,
  title,
  navItems,
  cart,
  userName,
  onSignOut,
  settingsTo = paths.user,
}: MobileDrawerProps) {
  const { t } = useTranslation('layout');
  const accountItems: NavItem[] = [
    { to: paths.updatePassword, label: t('user-menu.change-password'), icon: IconKey },
    { to: settingsTo, label: t('user-menu.settings'), icon: IconSettings },
  ];
  return (
    <Drawer.Root id="app-drawer" opened={opened} onClose={onClose} size={320} hiddenFrom={NAV_BREAKPOINT}>
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header component="div">
          <Drawer.Title>{title}</Drawer.Title>
          <Drawer.CloseButton aria-label={t('menu.close')} size={40} />
        </Drawer.Header>
        <Drawer.Body>
          <Stack gap="md">
            <Box component="nav" aria-label={t('nav.label')}>
              <NavLinks items={navItems} orientation="vertical" onNavigate={onClose} />
            </Box>
            <Box>{cart}</Box>
            <Divider />
            <Box component="nav" aria-label={t('user-menu.label')}>
              <Text size="sm" c="dimmed" mb={6} px="sm">
                {userName}
              </Text>
              <NavLinks items={accountItems} orientation="vertical" onNavigate={onClose} />
            </Box>
            <Divider />
            <Group gap="sm">
              <LanguageSelect />
              <ColorSchemeToggle />
            </Group>
            <Button
              variant="light"
              color="red"
              h={44}
              leftSection={<IconLogout size={18} aria-hidden />}
              onClick={onSignOut}
              justify="flex-start"
            >
              {t('user-menu.sign-out')}
            </Button>
          </Stack>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
