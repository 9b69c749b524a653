import { isLanguage } from '@care/contract/locales';
import { Button, Group } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { IconArrowLeft, IconFileTypePdf, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { ErrorPage } from '#app/components/feedback/error-page.tsx';
import { usePageTitle } from '#app/components/layout/use-page-title.ts';
import { paths } from '#app/config/paths.ts';
import { useBrand } from '#app/features/brand/api.ts';
import { staffServiceRequestQuery } from '#app/features/staff/api.ts';
import { jobSheetPdfUrl } from '#app/features/workshop/api.ts';
import { JobSheet } from '#app/features/workshop/components/job-sheet.tsx';
import classes from '#app/features/workshop/components/job-sheet.module.css';
import { queryClient } from '#app/lib/query-client.ts';

/** An unknown request: the 'service-load-error' page, like the request page's. */
export function ErrorBoundary() {
  return <ErrorPage titleKey="service-load-error" />;
}

export async function loader({ params }: LoaderFunctionArgs) {
  await queryClient.ensureQueryData(staffServiceRequestQuery(params.serviceRequestId ?? ''));
  return null;
}

/**
 * /staff/service-requests/{id}/job-sheet (issue 18): the job sheet alone, for the browser's print (A4, no back
 * office frame) or as the server's PDF.
 */
export function Component() {
  const { t, i18n } = useTranslation('workshop');
  const id = useParams().serviceRequestId ?? '';
  const { data: request } = useSuspenseQuery(staffServiceRequestQuery(id));
  const brand = useBrand().data?.name ?? '';
  usePageTitle(`${t('job-sheet.title')} ${request.code}`);
  const language = isLanguage(i18n.language) ? i18n.language : 'pl';

  return (
    <main className={classes.page}>
      <Group className={classes.toolbar} gap="xs">
        <Button
          component={Link}
          to={paths.staffServiceRequest(request.id)}
          variant="default"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
        >
          {t('job-sheet.back')}
        </Button>
        <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
          {t('job-sheet.print')}
        </Button>
        <Button
          component="a"
          href={jobSheetPdfUrl(request.id, language)}
          download
          variant="light"
          leftSection={<IconFileTypePdf size={18} aria-hidden />}
        >
          {t('job-sheet.pdf')}
        </Button>
      </Group>
      <JobSheet request={request} brand={brand} />
    </main>
  );
}
