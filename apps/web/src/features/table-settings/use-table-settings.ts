import type { TableSettingKey, TableSettings } from '@care/contract/user';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { EMPTY_TABLE_STATE } from '#app/components/data-table/table-state.ts';
import {
  isSaving,
  SAVE_DELAY_MS,
  saveTableSettings,
  storedTableSettings,
  tableSettingsOf,
  tableSettingsQuery,
} from './api.ts';

const same = (a: TableSettings, b: TableSettings) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A table's saved settings (SPEC §3: column visibility, sizing, sorting, order, filters, filter visibility).
 * The first paint uses this browser's copy; the server's copy follows and wins unless a change of this tab is
 * still being saved. Each change is saved SAVE_DELAY_MS after the last one, and at once when the table closes or
 * the page is left.
 */
export function useTableSettings(key: TableSettingKey) {
  const [state, setState] = useState<TableSettings>(() => storedTableSettings(key) ?? EMPTY_TABLE_STATE);
  const current = useRef(state);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; value: TableSettings } | null>(null);
  const [openedAt] = useState(() => Date.now());
  const { data: saved, dataUpdatedAt } = useQuery(tableSettingsQuery);

  const flush = useCallback(() => {
    const waiting = pending.current;
    if (!waiting) return;
    clearTimeout(waiting.timer);
    pending.current = null;
    void saveTableSettings(key, waiting.value);
  }, [key]);

  // The server's copy: only one fetched since the table opened (a cached one may predate a reset elsewhere).
  useEffect(() => {
    if (!saved || dataUpdatedAt < openedAt || pending.current || isSaving(key)) return;
    const remote = tableSettingsOf(saved, key) ?? EMPTY_TABLE_STATE;
    if (same(remote, current.current)) return;
    current.current = remote;
    setState(remote);
  }, [saved, dataUpdatedAt, openedAt, key]);

  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  const update = useCallback(
    (change: (state: TableSettings) => TableSettings) => {
      const next = change(current.current);
      if (same(next, current.current)) return;
      current.current = next;
      setState(next);
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = { timer: setTimeout(flush, SAVE_DELAY_MS), value: next };
    },
    [flush],
  );

  return [state, update] as const;
}
