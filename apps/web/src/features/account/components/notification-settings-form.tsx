import { NOTIFICATION_SETTING_KEYS, type UserSetting } from '@care/contract/user';
import { Button, Group, Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type NotificationKey = (typeof NOTIFICATION_SETTING_KEYS)[number];
type Values = Record<NotificationKey, boolean>;

/** 'notifications.guarantee-end' → 'guarantee-end', the label's key. */
const labelKey = (key: NotificationKey) => key.slice('notifications.'.length);

interface NotificationSettingsFormProps {
  /** The notification settings from api/user/settings (the server creates each with its default). */
  settings: UserSetting[];
  /** Only the settings whose value changed. */
  onSubmit: (changed: Pick<UserSetting, 'id' | 'value'>[]) => void;
  pending?: boolean;
}

/** SPEC §3 notification settings: guarantee end, state change, marketing consent. */
export function NotificationSettingsForm({
  settings,
  onSubmit,
  pending = false,
}: NotificationSettingsFormProps) {
  const { t } = useTranslation('layout');
  const saved = Object.fromEntries(
    NOTIFICATION_SETTING_KEYS.map((key) => [key, settings.find((s) => s.key === key)?.value === true]),
  ) as Values;
  const [values, setValues] = useState<Values>(saved);
  const changed = settings.filter(
    (setting): setting is UserSetting & { key: NotificationKey } =>
      setting.key in values &&
      values[setting.key as NotificationKey] !== saved[setting.key as NotificationKey],
  );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(changed.map(({ id, key }) => ({ id, value: values[key] })));
      }}
    >
      <Stack gap="lg">
        {NOTIFICATION_SETTING_KEYS.map((key) => (
          <Switch
            key={key}
            size="md"
            name={key}
            label={t(`account.notifications.${labelKey(key)}`)}
            description={t(`account.notifications.${labelKey(key)}-hint`)}
            checked={values[key]}
            disabled={!settings.some((setting) => setting.key === key)}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setValues((current) => ({ ...current, [key]: checked }));
            }}
          />
        ))}
        <Group justify="flex-end">
          <Button type="submit" h={40} loading={pending} disabled={changed.length === 0}>
            {t('account.notifications.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
