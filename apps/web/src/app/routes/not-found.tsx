import { Button, Paper } from '@mantine/core';
import { IconHome, IconMapSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation } from 'react-router';
import { StatusPanel } from '#app/components/feedback/status-panel.tsx';
import { usePageTitle } from '#app/components/layout/use-page-title.ts';
import { paths } from '#app/config/paths.ts';
import { PublicPage } from '../public-page.tsx';

/** SPEC §2 '*': '404-error' and a way back to /home, at the top level and inside the /home layout. */
export function Component() {
  const { t } = useTranslation(['errors', 'common']);
  const { pathname } = useLocation();
  usePageTitle(t('errors:404-error'));

  const panel = (
    <StatusPanel
      icon={<IconMapSearch size={36} />}
      title={t('errors:404-error')}
      message={t('errors:404-error-message')}
    >
      <Button component={Link} to={paths.home} h={44} leftSection={<IconHome size={18} aria-hidden />}>
        {t('common:actions.back-home')}
      </Button>
    </StatusPanel>
  );

  // router.tsx mounts this route under /home and /staff too, where a signed-in layout already frames the content.
  const framed = [paths.home, paths.staff].some((path) => matchPath({ path, end: false }, pathname));
  if (framed) {
    return (
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'lg', sm: 40 }}
        maw={640}
        mx="auto"
        my={{ base: 'md', sm: 'xl' }}
      >
        {panel}
      </Paper>
    );
  }
  return <PublicPage>{panel}</PublicPage>;
}
