import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#app/config/paths.ts';

/** The "back to sign-in" link at the top of the password screens. */
export function BackToLoginLink() {
  const { t } = useTranslation('common');
  return (
    <Group>
      <Anchor component={Link} to={paths.login} fz="sm" fw={600} py={6}>
        <Group gap={6} component="span" wrap="nowrap">
          <IconArrowLeft size={18} aria-hidden />
          {t('actions.back-to-login')}
        </Group>
      </Anchor>
    </Group>
  );
}
