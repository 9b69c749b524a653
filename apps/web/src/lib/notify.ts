import { notifications, notificationsStore } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { i18n } from './i18n.ts';

/** SPEC §4: the four notification kinds and their colours. */
export const NOTIFICATION_KINDS = {
  ERROR: 'red',
  SUCCESS: 'green',
  INFO: 'blue',
  WARNING: 'yellow',
} as const;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

export interface NotifyOptions {
  title?: string;
  /** Text, or text with an action (e.g. a "try again" button). */
  message?: ReactNode;
  /** ms; SPEC §9 default 4000 (set on the Notifications container). */
  autoClose?: number | false;
  /**
   * One notification per id: while one with this id is shown (or queued), it is updated in place instead of a
   * second one being stacked under it (seven clicks on the same button, one notice).
   */
  id?: string;
}

/** Shows a notification; title and message default to the kind's generic translated text (common:notification.*). */
export function notify(
  kind: NotificationKind,
  { title, message, autoClose, id }: NotifyOptions = {},
): string {
  const key = kind.toLowerCase();
  const data = {
    color: NOTIFICATION_KINDS[kind],
    title: title ?? i18n.t(`common:notification.${key}.title`),
    message: message ?? i18n.t(`common:notification.${key}.message`),
    withBorder: true,
    closeButtonProps: { 'aria-label': i18n.t('common:actions.close') },
    ...(autoClose !== undefined ? { autoClose } : {}),
  };
  if (id === undefined) return notifications.show(data);
  const { notifications: shown, queue } = notificationsStore.getState();
  if ([...shown, ...queue].some((notice) => notice.id === id)) notifications.update({ ...data, id });
  else notifications.show({ ...data, id });
  return id;
}

/** Takes a notification (by the id notify() answered) off the screen. */
export function dismiss(id: string): void {
  notifications.hide(id);
}
