import { Input } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { captchaQuery } from '../api.ts';

// Loaded only when the server asks for a captcha (CAPTCHA_REQUIRED=true), so other pages never pay for it.
const AltchaWidget = lazy(() => import('./altcha-widget.tsx'));

interface CaptchaFieldProps {
  onChange: (payload: string) => void;
}

/**
 * SPEC §5 captcha, only where the server requires it. Each solution works once: the form remounts this
 * (a new `key`) after a refused submit to get a new challenge.
 */
export function CaptchaField({ onChange }: CaptchaFieldProps) {
  const { t } = useTranslation('auth');
  const { data } = useQuery(captchaQuery);
  if (!data?.required) return null;
  return (
    <Input.Wrapper label={t('captcha.label')} description={t('captcha.description')}>
      <Suspense fallback={null}>
        <AltchaWidget onChange={onChange} />
      </Suspense>
    </Input.Wrapper>
  );
}
