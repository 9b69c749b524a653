import type { NOTIFICATION_SETTING_KEYS } from '@care/contract/user';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { userSettings } from '#app/db/schema/users.ts';

type NotificationKey = (typeof NOTIFICATION_SETTING_KEYS)[number];

/**
 * Whether the user has notification `key` on. The settings screen stores each as a JSON boolean under broad
 * value ''; an account that never opened it has no row, and the default is on (features/user/settings.service.ts),
 * so only a stored `false` turns a notification off.
 */
export function notificationOn(userId: SQLWrapper, key: NotificationKey) {
  return sql<boolean>`NOT EXISTS (
    SELECT 1 FROM ${userSettings} s
    WHERE s.user_id = ${userId} AND s.broad_value = '' AND s.key = ${key} AND s.value = 'false'::jsonb)`;
}
