import {
  NOTIFICATION_SETTING_KEYS,
  SETTING_KEYS,
  SETTING_VALUE_SCHEMAS,
  type SettingKey,
  TABLE_SETTING_KEYS,
  type TableSettingKey,
  type UserSetting,
} from '@care/contract/user';
import { and, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { users, userSettings } from '#app/db/schema/users.ts';
import { fieldError, notFound, validationFailed } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';

const MARKETING = 'notifications.marketing' satisfies SettingKey;

type Row = typeof userSettings.$inferSelect;

function isSettingKey(key: string): key is SettingKey {
  return (SETTING_KEYS as readonly string[]).includes(key);
}

/** How much one user may keep (env QUOTA_SETTING_KB, QUOTA_SETTINGS_PER_USER; docs/decisions/036). */
export interface SettingsLimits {
  /** Bytes of one value as JSON. */
  valueBytes: number;
  settingsPerUser: number;
}

/**
 * The value checked against its key's schema (defaults of table settings filled in), or field errors under
 * `value`. A value too large is a field error like a too long name: sending it again later would not help, so
 * it is no 429; nor 413, which means the request as a whole is over the server's body limit.
 */
function parseValue(key: SettingKey, value: unknown, limits: SettingsLimits) {
  const result = SETTING_VALUE_SCHEMAS[key].safeParse(value);
  if (!result.success) throw validationFailed(result.error, 'value');
  if (Buffer.byteLength(JSON.stringify(result.data)) > limits.valueBytes) {
    throw fieldError('value', 'form.setting-too-large');
  }
  return result.data;
}

function toSetting(row: Row): UserSetting {
  return {
    id: String(row.id),
    broadValue: row.broadValue,
    key: row.key as SettingKey,
    value: row.value as UserSetting['value'],
  };
}

/** Marketing consent lives on the account (registration sets it); its setting mirrors users.marketing_consent. */
async function setMarketingConsent(db: Db, actor: Actor, consent: boolean): Promise<void> {
  await db
    .update(users)
    .set({ marketingConsent: consent, marketingConsentAt: consent ? new Date() : null })
    .where(and(eq(users.id, actor.id), sql`${users.marketingConsent} IS DISTINCT FROM ${consent}`));
}

/** Notification settings exist for every account, so the web can always update them by id. */
async function ensureNotificationSettings(db: Db, actor: Actor): Promise<void> {
  const [user] = await db
    .select({ consent: users.marketingConsent })
    .from(users)
    .where(eq(users.id, actor.id));
  const defaults: Record<(typeof NOTIFICATION_SETTING_KEYS)[number], boolean> = {
    'notifications.guarantee-end': true,
    'notifications.state-change': true,
    'notifications.staff-replies': true,
    'notifications.marketing': user?.consent ?? false,
  };
  await db
    .insert(userSettings)
    .values(
      NOTIFICATION_SETTING_KEYS.map((key) => ({
        userId: actor.id,
        broadValue: '',
        key,
        value: defaults[key],
      })),
    )
    .onConflictDoNothing();
}

/**
 * GET api/user/settings?broadValue=…: the user's settings of that broadValue ('' holds the notification
 * settings). A stored value that no longer fits its schema is left out rather than breaking the screen.
 */
export async function listSettings(db: Db, actor: Actor, broadValue: string): Promise<UserSetting[]> {
  if (broadValue === '') await ensureNotificationSettings(db, actor);
  const rows = await db
    .select()
    .from(userSettings)
    .where(and(eq(userSettings.userId, actor.id), eq(userSettings.broadValue, broadValue)))
    .orderBy(userSettings.id);
  const [user] = await db
    .select({ consent: users.marketingConsent })
    .from(users)
    .where(eq(users.id, actor.id));
  return rows.flatMap((row) => {
    if (!isSettingKey(row.key)) return [];
    const value = row.key === MARKETING ? (user?.consent ?? false) : row.value;
    const parsed = SETTING_VALUE_SCHEMAS[row.key].safeParse(value);
    return parsed.success ? [toSetting({ ...row, value: parsed.data })] : [];
  });
}

/** POST api/user/settings: creates the setting, or replaces the value of the same key and broadValue. */
export async function saveSetting(
  db: Db,
  actor: Actor,
  input: { broadValue: string; key: SettingKey; value: unknown },
  limits: SettingsLimits,
): Promise<{ setting: UserSetting; created: boolean }> {
  const value = parseValue(input.key, input.value, limits);
  return db.transaction(async (tx) => {
    // One save of a user at a time, so that two new settings sent side by side cannot both pass the count.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
    const [row] = await tx
      .insert(userSettings)
      .values({ userId: actor.id, broadValue: input.broadValue, key: input.key, value })
      .onConflictDoUpdate({
        target: [userSettings.userId, userSettings.broadValue, userSettings.key],
        set: { value, updatedAt: new Date() },
      })
      // xmax is 0 for a freshly inserted row version and set when ON CONFLICT updated an existing one.
      .returning({ ...getTableColumns(userSettings), created: sql<boolean>`(xmax = 0)` });
    if (input.key === MARKETING) await setMarketingConsent(tx, actor, value as boolean);
    const { created, ...setting } = row!;
    if (created) {
      const [kept] = await tx
        .select({ n: count() })
        .from(userSettings)
        .where(eq(userSettings.userId, actor.id));
      // Rolled back with the transaction: the refused setting is not kept.
      if (kept!.n > limits.settingsPerUser) throw fieldError('broadValue', 'form.too-many-settings');
    }
    return { setting: toSetting(setting), created };
  });
}

/** PUT api/user/settings/{id}: a new value for one of the user's own settings (another user's id is a 404). */
export async function updateSetting(
  db: Db,
  actor: Actor,
  id: number,
  value: unknown,
  limits: SettingsLimits,
): Promise<UserSetting> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ key: userSettings.key })
      .from(userSettings)
      .where(and(eq(userSettings.id, id), eq(userSettings.userId, actor.id)))
      .for('update');
    if (!existing || !isSettingKey(existing.key)) throw notFound();
    const parsed = parseValue(existing.key, value, limits);
    const [row] = await tx
      .update(userSettings)
      .set({ value: parsed })
      .where(eq(userSettings.id, id))
      .returning();
    if (existing.key === MARKETING) await setMarketingConsent(tx, actor, parsed as boolean);
    return toSetting(row!);
  });
}

/** DELETE api/user/settings/{id}: removing the marketing setting withdraws the consent. */
export async function removeSetting(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(userSettings)
      .where(and(eq(userSettings.id, id), eq(userSettings.userId, actor.id)))
      .returning({ key: userSettings.key });
    if (!removed) throw notFound();
    if (removed.key === MARKETING) await setMarketingConsent(tx, actor, false);
  });
}

/** DELETE api/user/settings?broadValue=…[&key=…] (SPEC §1 "reset saved table settings"); notifications stay. */
export async function resetTableSettings(
  db: Db,
  actor: Actor,
  broadValue: string,
  key: TableSettingKey | undefined,
): Promise<number> {
  const removed = await db
    .delete(userSettings)
    .where(
      and(
        eq(userSettings.userId, actor.id),
        eq(userSettings.broadValue, broadValue),
        inArray(userSettings.key, key ? [key] : [...TABLE_SETTING_KEYS]),
      ),
    )
    .returning({ id: userSettings.id });
  return removed.length;
}
