import {
  PORTAL_BROAD_VALUE,
  type TableSettingKey,
  type TableSettings,
  TableSettingsSchema,
  userEndpoints,
  type UserSetting,
  UserSettingsSchema,
} from '@care/contract/user';
import { queryOptions } from '@tanstack/react-query';
import { LOCAL } from '#app/config/storage-keys.ts';
import { callApi } from '#app/lib/api-client.ts';

export const tableSettingsKeys = {
  all: ['table-settings'] as const,
};

/** How long a table waits after the last change before saving it (a drag or typing sends one call). */
export const SAVE_DELAY_MS = 800;

/** The copy of the settings loaded at sign-in (SPEC §3 userSettings). */
function readLocal(): UserSetting[] {
  try {
    const parsed = UserSettingsSchema.safeParse(JSON.parse(localStorage.getItem(LOCAL.userSettings) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function writeLocal(settings: UserSetting[]): void {
  localStorage.setItem(LOCAL.userSettings, JSON.stringify(settings));
}

const isPortalTable = (setting: UserSetting, key?: TableSettingKey) =>
  setting.broadValue === PORTAL_BROAD_VALUE && (key === undefined || setting.key === key);

/** A table's settings in a list of saved settings; null when none are saved (or they no longer parse). */
export function tableSettingsOf(
  settings: readonly UserSetting[],
  key: TableSettingKey,
): TableSettings | null {
  const setting = settings.find((candidate) => isPortalTable(candidate, key));
  const parsed = setting ? TableSettingsSchema.safeParse(setting.value) : null;
  return parsed?.success ? parsed.data : null;
}

/** What this browser knows of a table's settings without asking the server: the first paint uses it. */
export function storedTableSettings(key: TableSettingKey): TableSettings | null {
  return tableSettingsOf(readLocal(), key);
}

/*
 * Saves run one after another, and a fetch waits for them, so an answer never carries settings older than
 * what this tab has already sent.
 */
let saving: Promise<void> = Promise.resolve();
const savingKeys = new Map<TableSettingKey, number>();

export function isSaving(key: TableSettingKey): boolean {
  return (savingKeys.get(key) ?? 0) > 0;
}

/** POST api/user/settings (creates or replaces the key's value), then the local copy. */
export function saveTableSettings(key: TableSettingKey, value: TableSettings): Promise<void> {
  // The server checks the value with the same schema; what it would refuse is not sent.
  const checked = TableSettingsSchema.safeParse(value);
  if (!checked.success) {
    console.error('table settings not saved', checked.error);
    return saving;
  }
  savingKeys.set(key, (savingKeys.get(key) ?? 0) + 1);
  const save = async () => {
    try {
      const saved = await callApi(
        userEndpoints.saveSetting,
        { body: { broadValue: PORTAL_BROAD_VALUE, key, value: checked.data } },
        { silent: true },
      );
      writeLocal([...readLocal().filter((setting) => !isPortalTable(setting, key)), saved]);
    } catch (error) {
      // SPEC §8: settings failures are logged; the table keeps working with what is on screen.
      console.error('table settings not saved', error);
    } finally {
      savingKeys.set(key, (savingKeys.get(key) ?? 1) - 1);
    }
  };
  saving = saving.then(save);
  return saving;
}

/**
 * GET api/user/settings?broadValue=care-portal: the server's copy, fetched when a table opens (and when the
 * window regains focus), so a change made in another browser shows here too. It refreshes the local copy.
 */
export const tableSettingsQuery = queryOptions({
  queryKey: tableSettingsKeys.all,
  queryFn: async ({ signal }) => {
    await saving;
    const settings = await callApi(
      userEndpoints.listSettings,
      { query: { broadValue: PORTAL_BROAD_VALUE } },
      { signal, silent: true },
    );
    writeLocal([...readLocal().filter((setting) => !isPortalTable(setting)), ...settings]);
    return settings;
  },
  staleTime: 0,
});
