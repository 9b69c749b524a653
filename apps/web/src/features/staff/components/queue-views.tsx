import { STAFF_QUEUE_VIEWS, type StaffQueueView } from '@care/contract/staff-desk-fields';
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The queue's views: everyone's requests, mine, those nobody took. A radio group (arrow keys move between the
 * views), named for screen readers.
 */
export function QueueViews({
  view,
  onChange,
}: {
  view: StaffQueueView;
  onChange: (view: StaffQueueView) => void;
}) {
  const { t } = useTranslation('staff-desk');
  return (
    <SegmentedControl
      aria-label={t('views.label')}
      value={view}
      onChange={(value) => onChange(value as StaffQueueView)}
      data={STAFF_QUEUE_VIEWS.map((value) => ({ value, label: t(`views.${value}`) }))}
    />
  );
}
