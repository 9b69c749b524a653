import { Button, Paper } from '@mantine/core';
import { IconAlertTriangle, IconHome, IconRefresh } from '@tabler/icons-react';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, isRouteErrorResponse, useRouteError } from 'react-router';
import { usePageTitle } from '#app/components/layout/use-page-title.ts';
import { paths } from '#app/config/paths.ts';
import { ApiRequestError } from '#app/lib/api-client.ts';
import { PageLoader } from './page-loader.tsx';
import { StatusPanel } from './status-panel.tsx';
import classes from './error-page.module.css';

/*
 * The page must show even when translations are broken: every text has a Polish default (the fallback language).
 * It waits for its namespaces like every screen, so it never shows a key while they load; i18next counts a
 * namespace that failed to load as settled, so a broken one ends the wait too and leaves these defaults.
 */
const DEFAULTS: Record<string, string> = {
  error: 'Wystąpił błąd',
  'error-message': 'Coś poszło nie tak. Spróbuj ponownie za chwilę albo wróć do strony głównej.',
  '404-error': 'Nie znaleziono strony',
  '404-error-message': 'Strona, której szukasz, nie istnieje.',
  'machine-load-error': 'Nie udało się wczytać danych maszyny',
  'service-load-error': 'Nie udało się wczytać zgłoszenia serwisowego',
};

interface ErrorPageProps {
  /** An `errors:` key for the heading, e.g. 'machine-load-error'. */
  titleKey?: string;
  /** An `errors:` key for the explanation. */
  messageKey?: string;
  /** Inside a layout that already has its own <main> (a route's errorElement under /home). */
  embedded?: boolean;
}

/**
 * The router's error element (SPEC §2, §8): 'error' / 'error-message' and the way back to /home. It brings its
 * own Suspense: as the root route's error element it sits above every other boundary.
 */
export function ErrorPage(props: ErrorPageProps) {
  return (
    <Suspense fallback={<PageLoader />}>
      <ErrorPageContent {...props} />
    </Suspense>
  );
}

function ErrorPageContent({ titleKey, messageKey, embedded = false }: ErrorPageProps) {
  const { t } = useTranslation(['errors', 'common']);
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  const title = titleKey ?? (isNotFound ? '404-error' : 'error');
  const message = messageKey ?? (isNotFound ? '404-error-message' : 'error-message');
  const titleText = t(`errors:${title}`, { defaultValue: DEFAULTS[title] ?? DEFAULTS.error });
  usePageTitle(titleText);

  useEffect(() => {
    if (import.meta.env.DEV && error) console.error(error);
  }, [error]);

  // A session that ended while a screen loaded its data: the API client has saved the return location.
  if (error instanceof ApiRequestError && error.status === 401) return <Navigate to={paths.login} replace />;

  const panel = (
    <StatusPanel
      icon={<IconAlertTriangle size={36} />}
      color="orange"
      title={titleText}
      message={t(`errors:${message}`, { defaultValue: DEFAULTS[message] ?? DEFAULTS['error-message'] })}
    >
      <Button component={Link} to={paths.home} leftSection={<IconHome size={18} aria-hidden />} h={44}>
        {t('common:actions.back-home', { defaultValue: 'Wróć do strony głównej' })}
      </Button>
      <Button
        variant="default"
        h={44}
        leftSection={<IconRefresh size={18} aria-hidden />}
        onClick={() => window.location.reload()}
      >
        {t('common:actions.reload', { defaultValue: 'Odśwież stronę' })}
      </Button>
    </StatusPanel>
  );

  if (embedded) return panel;
  return (
    <main className={classes.page}>
      <Paper className={classes.card} radius="lg" shadow="lg" p={{ base: 'lg', sm: 40 }}>
        {panel}
      </Paper>
    </main>
  );
}
