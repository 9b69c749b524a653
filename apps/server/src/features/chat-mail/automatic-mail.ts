import type { Email } from 'postal-mime';

/**
 * Mail no person wrote: a bounce (null sender, a delivery report, a mailer daemon) or an automatic answer
 * (RFC 3834 Auto-Submitted, the common X-Autoreply/X-Autorespond headers, Precedence bulk/junk/list/auto_reply).
 * Such mail is never added to a conversation, and never answered, so two robots cannot write to each other.
 */
export function automaticMailKind(email: Email, envelopeFrom: string): 'bounce' | 'auto-reply' | null {
  const header = (key: string) =>
    email.headers
      .find((h) => h.key === key)
      ?.value.trim()
      .toLowerCase();
  const from = email.from && 'address' in email.from ? (email.from.address ?? '') : '';
  if (envelopeFrom === '' || envelopeFrom === '<>') return 'bounce';
  if (header('content-type')?.startsWith('multipart/report')) return 'bounce';
  if (/^(mailer-daemon|postmaster)@/i.test(from)) return 'bounce';
  const autoSubmitted = header('auto-submitted');
  if (autoSubmitted && autoSubmitted !== 'no') return 'auto-reply';
  if (header('x-autoreply') || header('x-autorespond') || header('x-auto-response')) return 'auto-reply';
  if (/^(bulk|junk|list|auto_reply)$/.test(header('precedence') ?? '')) return 'auto-reply';
  return null;
}
