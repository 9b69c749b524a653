import { Button, Loader, Stack } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconLogin2 } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { StatusPanel } from '#app/components/feedback/status-panel.tsx';
import { usePageTitle } from '#app/components/layout/use-page-title.ts';
import { paths } from '#app/config/paths.ts';
import { confirmRegistration as confirmRegistrationCall } from '#app/features/auth/api.ts';
import { ContactBlock } from '#app/features/brand/components/contact-block.tsx';
import { PublicPage } from '../public-page.tsx';

type Result = 'pending' | 'success' | 'failure';

/*
 * A confirmation link works once, so the call must not repeat when React mounts the screen twice
 * (StrictMode) or the person comes back to it: one promise per link for the life of the page.
 */
const confirmations = new Map<string, Promise<boolean>>();

function confirmOnce(id: string, username: string): Promise<boolean> {
  const key = JSON.stringify([id, username]);
  let result = confirmations.get(key);
  if (!result) {
    result = confirmRegistrationCall(id, username).then(
      () => true,
      () => false,
    );
    confirmations.set(key, result);
  }
  return result;
}

/** SPEC §2 '/confirm/:id/:username': sends the confirmation on load and shows the outcome. */
export function Component() {
  const { t } = useTranslation(['auth', 'common']);
  const { id = '', username = '' } = useParams();
  const [result, setResult] = useState<Result>('pending');

  useEffect(() => {
    let current = true;
    void confirmOnce(id, username).then((ok) => {
      if (current) setResult(ok ? 'success' : 'failure');
    });
    return () => {
      current = false;
    };
  }, [id, username]);

  const title = {
    pending: t('auth:confirm.pending'),
    success: t('auth:register-success'),
    failure: t('auth:register-failure'),
  }[result];
  usePageTitle(title);

  return (
    <PublicPage>
      <Stack gap="xl" aria-live="polite">
        {result === 'pending' ? (
          <StatusPanel
            icon={<Loader size={32} />}
            title={title}
            message={t('auth:confirm.pending-message')}
          />
        ) : (
          <StatusPanel
            icon={result === 'success' ? <IconCircleCheck size={40} /> : <IconCircleX size={40} />}
            color={result === 'success' ? 'field' : 'red'}
            title={title}
            message={t(
              result === 'success' ? 'auth:confirm.success-message' : 'auth:register-failure-message',
            )}
          >
            <Button
              component={Link}
              to={paths.login}
              h={44}
              leftSection={<IconLogin2 size={18} aria-hidden />}
            >
              {t(result === 'success' ? 'auth:confirm.to-login' : 'common:actions.back-to-login')}
            </Button>
          </StatusPanel>
        )}
        {result === 'failure' && <ContactBlock />}
      </Stack>
    </PublicPage>
  );
}
