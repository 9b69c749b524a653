import type { AuditLogEntry } from '@care/contract/audit';
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#app/config/paths.ts';

/** The page of a subject, where the staff screens have one. */
function pageOf(entry: AuditLogEntry): string | null {
  if (entry.subjectType === 'service-request') return paths.staffServiceRequest(entry.subjectId);
  if (entry.subjectType === 'offer-request') return paths.staffOfferRequest(entry.subjectId);
  if (entry.subjectAccount === 'customer') return paths.staffCustomer(entry.subjectId);
  if (entry.subjectAccount === 'staff' && entry.subjectLabel) return paths.staffAccount(entry.subjectLabel);
  if (entry.subjectType === 'settings')
    return entry.subjectId === 'service-times' ? paths.staffServiceTimes : paths.staffAdminSecurity;
  return null;
}

/** What an entry is about: its type, and its label linked to its page. */
export function AuditSubject({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation('admin');
  // A setting by its name (its label is the stored key); anything else as it was when written.
  const label =
    entry.subjectType === 'settings'
      ? t(`audit.settings.${entry.subjectId}`, { defaultValue: entry.subjectLabel })
      : entry.subjectLabel || `#${entry.subjectId}`;
  const page = pageOf(entry);
  return (
    <>
      <Text size="xs" c="dimmed">
        {t(`audit.subject-types.${entry.subjectType}`)}
      </Text>
      {page ? (
        <Anchor component={Link} to={page} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {label}
        </Anchor>
      ) : (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {label}
        </Text>
      )}
    </>
  );
}
