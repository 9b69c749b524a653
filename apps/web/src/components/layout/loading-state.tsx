import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A spinner that says what it is. `fullPage` while the authentication state is not finished (SPEC §2),
 * before any frame is drawn; otherwise it fills the content area of a frame that stays in place.
 */
export function LoadingState({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Center h={fullPage ? '100dvh' : '50vh'}>
      <Loader size="lg" role="status" aria-label={t('loading')} />
    </Center>
  );
}
