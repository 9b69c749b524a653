import type { RatingLink } from '@care/contract/rating';
import { Button, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCircleCheck, IconCircleX, IconClockX, IconFileDescription } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { StatusPanel } from '#app/components/feedback/status-panel.tsx';
import { PageHeading } from '#app/components/layout/page-heading.tsx';
import { usePageTitle } from '#app/components/layout/use-page-title.ts';
import { paths } from '#app/config/paths.ts';
import { BackToLoginLink } from '#app/features/auth/components/back-to-login-link.tsx';
import { ratingLinkQuery, useRateByLink } from '#app/features/rating/api.ts';
import { RatingForm } from '#app/features/rating/components/rating-form.tsx';
import { notify } from '#app/lib/notify.ts';
import { PublicPage } from '../public-page.tsx';

/**
 * '/rate/:token', the link of a finished request's e-mail (docs/decisions/065): without signing in it shows only the
 * request's code and machine and the rating form; once rated, or past its 30 days, it says so.
 */
export function Component() {
  const { t } = useTranslation(['rating', 'errors']);
  const { token = '' } = useParams();
  const link = useQuery(ratingLinkQuery(token));
  const rate = useRateByLink(token);
  const [justRated, setJustRated] = useState(false);
  const data = link.data;
  usePageTitle(t(titleKey(data, justRated)));

  if (link.isPending) {
    return (
      <PublicPage>
        <Stack gap="xl" aria-live="polite">
          <StatusPanel icon={<Loader size={32} />} title={t('link.checking')} />
        </Stack>
      </PublicPage>
    );
  }

  if (link.isError || data === undefined || data === 'invalid') {
    return (
      <PublicPage>
        <Stack gap="xl" aria-live="polite">
          <StatusPanel
            icon={<IconCircleX size={40} />}
            color="red"
            title={t('link.invalid-title')}
            message={link.isError ? t('errors:unexpected') : t('link.invalid-message')}
          >
            <BackToLoginLink />
          </StatusPanel>
        </Stack>
      </PublicPage>
    );
  }

  if (data.state !== 'open') {
    const expired = data.state === 'expired';
    return (
      <PublicPage>
        <Stack gap="xl" aria-live="polite">
          <StatusPanel
            icon={expired ? <IconClockX size={40} /> : <IconCircleCheck size={40} />}
            color={expired ? 'orange' : 'green'}
            title={t(titleKey(data, justRated))}
            message={
              expired
                ? t('link.expired-message', { code: data.code })
                : t(justRated ? 'link.thanks-message' : 'link.rated-message', { code: data.code })
            }
          >
            <Button
              component={Link}
              to={paths.service(data.serviceRequestId)}
              variant={expired ? 'filled' : 'light'}
              h={44}
              leftSection={<IconFileDescription size={18} aria-hidden />}
            >
              {t('link.open-request')}
            </Button>
          </StatusPanel>
        </Stack>
      </PublicPage>
    );
  }

  return (
    <PublicPage>
      <Stack gap="xl">
        <PageHeading title={t('link.title')}>{t('link.intro')}</PageHeading>
        <Paper withBorder radius="md" p="md">
          <Text fw={600}>{data.code}</Text>
          <Text size="sm" c="dimmed">
            {data.machine.name} · {data.machine.serialNumber}
          </Text>
        </Paper>
        <RatingForm
          pending={rate.isPending}
          onSubmit={(input) =>
            rate.mutate(input, {
              onSuccess: () => setJustRated(true),
              onError: (error) => notify('ERROR', { title: t('error'), message: error.message }),
            })
          }
        />
      </Stack>
    </PublicPage>
  );
}

function titleKey(data: RatingLink | 'invalid' | undefined, justRated: boolean): string {
  if (data === undefined) return 'link.checking';
  if (data === 'invalid') return 'link.invalid-title';
  if (data.state === 'expired') return 'link.expired-title';
  if (data.state === 'rated') return justRated ? 'link.thanks-title' : 'link.rated-title';
  return 'link.title';
}
