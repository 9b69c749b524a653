import { Button, Paper } from '@mantine/core';
import { IconAlertTriangle, IconBook, IconLock, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, Navigate, useLocation, useRouteError } from 'react-router';
import { StatusPanel } from '#app/components/feedback/status-panel.tsx';
import { usePageTitle } from '#app/components/layout/use-page-title.ts';
import { paths } from '#app/config/paths.ts';
import { ApiRequestError } from '#app/lib/api-client.ts';

/**
 * A catalogue level or part that could not load, inside the frame: 403 (signed in without RIGHT_CARE_VIEW_CATALOG)
 * says so and offers the public catalogue; 404 says the place does not exist; anything else offers a reload.
 * The way on stays on the visitor's side: the signed-in catalogue under /home, the public one outside it.
 * Like every screen it waits (Suspense) for its namespace: a route's error is often the first thing of the
 * catalogue a tab shows, before `catalog` has loaded.
 */
export function CatalogError() {
  const { t } = useTranslation(['catalog', 'common']);
  const error = useRouteError();
  const { pathname } = useLocation();
  const status = error instanceof ApiRequestError ? error.status : 0;
  const title = status === 403 ? t('access.title') : t('load-error.title');
  usePageTitle(title);

  if (status === 401) return <Navigate to={paths.login} replace />;

  // Without the catalogue right only the public catalogue is open to a signed-in customer.
  const signedIn = status !== 403 && matchPath({ path: paths.home, end: false }, pathname) !== null;
  const catalogLink = (
    <Button
      component={Link}
      to={signedIn ? paths.catalog : paths.publicCatalog}
      h={44}
      leftSection={<IconBook size={18} aria-hidden />}
    >
      {signedIn ? t('load-error.catalog') : t('load-error.public')}
    </Button>
  );

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 40 }}
      maw={640}
      mx="auto"
      my={{ base: 'md', sm: 'xl' }}
    >
      {status === 403 ? (
        <StatusPanel icon={<IconLock size={36} />} color="orange" title={title} message={t('access.message')}>
          {catalogLink}
        </StatusPanel>
      ) : (
        <StatusPanel
          icon={<IconAlertTriangle size={36} />}
          color="orange"
          title={title}
          message={status === 404 ? t('load-error.not-found') : t('load-error.message')}
        >
          {catalogLink}
          {status === 404 ? null : (
            <Button
              variant="default"
              h={44}
              leftSection={<IconRefresh size={18} aria-hidden />}
              onClick={() => window.location.reload()}
            >
              {t('common:actions.reload')}
            </Button>
          )}
        </StatusPanel>
      )}
    </Paper>
  );
}
