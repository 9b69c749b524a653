import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { ADMIN_SECTIONS } from './admin-sections.ts';

/**
 * The admin area (/staff/admin): one entry in the header, its sections in a row of links above the page, so
 * the header keeps its width however many sections there are. Each section's page has its own heading.
 */
export function Component() {
  const { t } = useTranslation('admin');
  return (
    <>
      {/* Wrapped rather than scrolled: every section stays in sight, on a phone in two or three rows. */}
      <Group component="nav" aria-label={t('nav.sections')} gap={4} mb="lg">
        {ADMIN_SECTIONS.map((section) => (
          <NavLink key={section.to} to={section.to} style={{ textDecoration: 'none' }}>
            {({ isActive }) => (
              <Button
                component="span"
                size="compact-md"
                variant={isActive ? 'light' : 'subtle'}
                leftSection={<section.icon size={16} aria-hidden />}
              >
                {t(section.label)}
              </Button>
            )}
          </NavLink>
        ))}
      </Group>
      <Outlet />
    </>
  );
}
