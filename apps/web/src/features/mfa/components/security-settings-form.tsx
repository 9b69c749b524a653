import type { SecuritySettings } from '@care/contract/mfa';
import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notify } from '#app/lib/notify.ts';
import { useUpdateSecuritySettings } from '../api.ts';

/** The admin's switch: staff must have a second factor (set up right after the password when they have none). */
export function SecuritySettingsForm({ settings }: { settings: SecuritySettings }) {
  const { t } = useTranslation('mfa');
  const update = useUpdateSecuritySettings();
  return (
    <Switch
      size="md"
      checked={settings.requireStaffSecondFactor}
      disabled={update.isPending}
      label={t('admin.require-label')}
      description={t('admin.require-description')}
      onChange={(event) =>
        update.mutate(
          { requireStaffSecondFactor: event.currentTarget.checked },
          { onSuccess: () => notify('SUCCESS', { title: t('admin.title'), message: t('admin.saved') }) },
        )
      }
    />
  );
}
