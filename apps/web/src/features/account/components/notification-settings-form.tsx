import { Button, Group, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useZodForm } from '#app/components/form/use-zod-form.ts';

/** SPEC §3 notification settings; each is one user setting (api/user/settings) in the accounts issue. */
export const NotificationSettingsSchema = z.object({
  guaranteeEnd: z.boolean(),
  stateChange: z.boolean(),
  marketing: z.boolean(),
});
export type NotificationSettings = z.output<typeof NotificationSettingsSchema>;

const SETTINGS = ['guaranteeEnd', 'stateChange', 'marketing'] as const;
const LABEL_KEYS = {
  guaranteeEnd: 'guarantee-end',
  stateChange: 'state-change',
  marketing: 'marketing',
} as const;

interface NotificationSettingsFormProps {
  initialValues: NotificationSettings;
  onSubmit: (settings: NotificationSettings) => void;
}

export function NotificationSettingsForm({ initialValues, onSubmit }: NotificationSettingsFormProps) {
  const { t } = useTranslation('layout');
  const form = useZodForm(NotificationSettingsSchema, initialValues);
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="lg">
        {SETTINGS.map((setting) => (
          <Switch
            key={setting}
            size="md"
            label={t(`account.notifications.${LABEL_KEYS[setting]}`)}
            description={t(`account.notifications.${LABEL_KEYS[setting]}-hint`)}
            {...form.getInputProps(setting, { type: 'checkbox' })}
          />
        ))}
        <Group justify="flex-end">
          <Button type="submit" h={40}>
            {t('account.notifications.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
