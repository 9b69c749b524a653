import { SECOND_FACTOR_STEPS, type SecondFactorStep } from '@care/contract/mfa';
import type { User } from '@care/contract/user';
import { UserSchema } from '@care/contract/user';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { LoadingState } from '#app/components/layout/loading-state.tsx';
import { PageHeading } from '#app/components/layout/page-heading.tsx';
import { usePageTitle } from '#app/components/layout/use-page-title.ts';
import { paths } from '#app/config/paths.ts';
import { finishSignIn } from '#app/features/auth/api.ts';
import { takeReturnLocation } from '#app/lib/auth-store.ts';
import { mfaStatusQuery } from '#app/features/mfa/api.ts';
import { MfaSettings } from '#app/features/mfa/components/mfa-settings.tsx';
import { RecoveryCodes } from '#app/features/mfa/components/recovery-codes.tsx';
import { SecondFactorForm } from '#app/features/mfa/components/second-factor-form.tsx';
import { notify } from '#app/lib/notify.ts';
import { PublicPage } from '../public-page.tsx';
import { isStaffRole, staffHome } from './staff/require-service-staff.ts';

/** What the sign-in hands over in the history entry (it survives a reload of this page). */
const HandOverSchema = z.object({ user: UserSchema, step: z.enum(SECOND_FACTOR_STEPS) });

/**
 * The second sign-in step (issue 15), after the password: enter the second factor ('verify'), or, for staff
 * the admin holds to one, set one up and keep the recovery codes ('setup'). The session reaches nothing else
 * until then (the server answers 403 SECOND_FACTOR_REQUIRED / SECOND_FACTOR_SETUP_REQUIRED).
 */
export function Component() {
  const { t } = useTranslation(['mfa', 'auth']);
  usePageTitle(t('mfa:verify.title'));
  const navigate = useNavigate();
  const handOver = HandOverSchema.safeParse(useLocation().state);
  if (!handOver.success) return <Navigate to={paths.login} replace />;
  const { user, step } = handOver.data;

  const finish = async () => {
    await finishSignIn(user);
    notify('SUCCESS', { title: t('auth:sign-in'), message: t('auth:sign-in-successful'), id: 'signed-in' });
    await navigate(takeReturnLocation() ?? (isStaffRole(user.role) ? staffHome(user.role) : paths.board), {
      replace: true,
    });
  };

  return (
    <PublicPage>
      <Stack gap="xl">
        <PageHeading title={t(step === 'verify' ? 'mfa:verify.title' : 'mfa:setup.title')}>
          {t(step === 'verify' ? 'mfa:verify.intro' : 'mfa:setup.intro')}
        </PageHeading>
        {step === 'verify' ? (
          <SecondFactorForm onVerified={() => void finish()} />
        ) : (
          <SetUp user={user} step={step} onDone={finish} />
        )}
        <Group justify="center">
          <Anchor component={Link} to={paths.login} fz="sm" py={10}>
            {t('mfa:verify.back')}
          </Anchor>
        </Group>
      </Stack>
    </PublicPage>
  );
}

/** The set-up step: add a passkey or TOTP; then the recovery codes stay on screen until the person goes on. */
function SetUp({ onDone }: { user: User; step: SecondFactorStep; onDone: () => Promise<void> }) {
  const { t } = useTranslation('mfa');
  const status = useQuery(mfaStatusQuery);
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) {
    return (
      <Stack gap="md">
        <RecoveryCodes codes={codes} />
        <Button h={44} onClick={() => void onDone()}>
          {t('setup.continue')}
        </Button>
      </Stack>
    );
  }
  if (!status.data) return <LoadingState />;
  return <MfaSettings status={status.data} onRecoveryCodes={setCodes} />;
}
