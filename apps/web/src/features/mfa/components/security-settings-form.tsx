import type { SecuritySettings } from '@care/contract/mfa';
import { Switch } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '#app/lib/notify.ts';
import { useUpdateSecuritySettings } from '../api.ts';

/** The admin's switch: staff must have a second factor (set up right after the password when they have none). */
export function SecuritySettingsForm({ settings }: { settings: SecuritySettings }) {
  const { t } = useTranslation('mfa');
  const update = useUpdateSecuritySettings();
  // Shown at once; back to the saved value if the change fails.
  const [checked, setChecked] = useState(settings.requireStaffSecondFactor);
  return (
    <Switch
      size="md"
      checked={checked}
      label={t('admin.require-label')}
      description={t('admin.require-description')}
      onChange={(event) => {
        const next = event.currentTarget.checked;
        setChecked(next);
        update.mutate(
          { requireStaffSecondFactor: next },
          {
            onSuccess: () => notify('SUCCESS', { title: t('admin.title'), message: t('admin.saved') }),
            onError: () => setChecked(!next),
          },
        );
      }}
    />
  );
}
