import {
  IconClockHour4,
  IconFileImport,
  IconHistory,
  IconShieldLock,
  IconTractor,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { paths } from '#app/config/paths.ts';

export interface AdminSection {
  to: string;
  /** Key in the `admin` namespace. */
  label: string;
  icon: Icon;
}

/** The admin area's sections, in the order of its tab strip (apps/web/src/app/routes/staff/admin-layout.tsx). */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { to: paths.staffAccounts, label: 'nav.staff-accounts', icon: IconUsers },
  { to: paths.staffMachineImport, label: 'nav.machines', icon: IconTractor },
  { to: paths.staffCatalogImport, label: 'nav.catalog-import', icon: IconFileImport },
  { to: paths.staffAudit, label: 'nav.audit', icon: IconHistory },
  { to: paths.staffAdminSecurity, label: 'nav.security', icon: IconShieldLock },
  { to: paths.staffServiceTimes, label: 'nav.service-times', icon: IconClockHour4 },
];
