import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#app/config/paths.ts';
import type { NavItem } from './nav-links.tsx';
import classes from './user-menu.module.css';

interface UserMenuProps {
  firstName: string;
  lastName: string;
  email: string;
  onSignOut: () => void;
  /** Links above the account items, e.g. the service department's queue for staff. */
  links?: readonly NavItem[];
  /** The settings page: the customer's /home/user, or the staff settings. */
  settingsTo?: string;
}

/** SPEC §2 user menu: change password, settings, logout. */
export function UserMenu({
  firstName,
  lastName,
  email,
  onSignOut,
  links = [],
  settingsTo = paths.user,
}: UserMenuProps) {
  const { t } = useTranslation('layout');
  const fullName = `${firstName} ${lastName}`.trim();
  const initials = `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
  return (
    // Not in a portal: the open menu stays inside the header's banner landmark.
    <Menu
      position="bottom-end"
      width={260}
      shadow="md"
      withinPortal={false}
      // Mantine's focus placeholder is a focusable role="presentation" child of role="menu" (an axe violation).
      withInitialFocusPlaceholder={false}
      classNames={{ item: classes.item }}
    >
      <Menu.Target>
        <UnstyledButton className={classes.target}>
          <Group gap={8} wrap="nowrap">
            <VisuallyHidden>{t('user-menu.open')}</VisuallyHidden>
            <Avatar color="field" radius="xl" size={32} aria-hidden>
              {initials}
            </Avatar>
            <Text component="span" size="sm" fw={500} visibleFrom="xl" truncate="end" maw={140}>
              {firstName}
            </Text>
            <IconChevronDown size={16} stroke={1.75} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text
            component="span"
            display="block"
            size="sm"
            fw={600}
            c="var(--mantine-color-text)"
            truncate="end"
          >
            {fullName}
          </Text>
          <Text component="span" display="block" size="xs" c="dimmed" truncate="end">
            {email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {links.map(({ to, label, icon: ItemIcon }) => (
          <Menu.Item key={to} component={Link} to={to} leftSection={<ItemIcon size={18} aria-hidden />}>
            {label}
          </Menu.Item>
        ))}
        {links.length > 0 ? <Menu.Divider /> : null}
        <Menu.Item component={Link} to={paths.updatePassword} leftSection={<IconKey size={18} aria-hidden />}>
          {t('user-menu.change-password')}
        </Menu.Item>
        <Menu.Item component={Link} to={settingsTo} leftSection={<IconSettings size={18} aria-hidden />}>
          {t('user-menu.settings')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          className={classes.danger}
          onClick={onSignOut}
          leftSection={<IconLogout size={18} aria-hidden />}
        >
          {t('user-menu.sign-out')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
