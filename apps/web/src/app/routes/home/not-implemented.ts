import { i18n } from '#app/lib/i18n.ts';
import { notify } from '#app/lib/notify.ts';

/**
 * SPEC §8 "feature not implemented yet": what a form says until the issue that brings its API lands
 * (accounts, service requests). Each caller is replaced by that mutation.
 */
export function notifyNotImplemented(): void {
  notify('WARNING', { message: i18n.t('errors:feature-not-implemented') });
}
