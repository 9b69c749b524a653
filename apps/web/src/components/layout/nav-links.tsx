import { VisuallyHidden } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import { NavLink, useLocation } from 'react-router';
import classes from './nav-links.module.css';

export interface NavItem {
  to: string;
  label: string;
  icon: TablerIcon;
  /** A count beside the label (e.g. unread messages); hidden at 0. The label is what a screen reader hears. */
  badge?: { count: number; label: string };
  /** Current only on exactly this address, not below it (a section root beside its own sub-sections). */
  end?: boolean;
  /** With `end`: current below this address all the same (the queue's requests under /staff/service-requests). */
  currentBelow?: string;
}

interface NavLinksProps {
  items: readonly NavItem[];
  orientation?: 'horizontal' | 'vertical';
  /** Called after a link is followed (the drawer closes itself). */
  onNavigate?: () => void;
}

/** The header's main navigation; React Router marks the current item with aria-current="page". */
export function NavLinks({ items, orientation = 'horizontal', onNavigate }: NavLinksProps) {
  const { pathname } = useLocation();
  return (
    <ul className={classes.list} data-orientation={orientation}>
      {items.map(({ to, label, icon: ItemIcon, badge, end, currentBelow }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={end && !(currentBelow && pathname.startsWith(`${currentBelow}/`))}
            className={classes.link}
            onClick={onNavigate}
          >
            <span className={classes.iconWrap}>
              <ItemIcon className={classes.icon} size={20} stroke={1.75} aria-hidden />
              {/* On the icon's corner, so the count takes no room in a header that must fit in German. */}
              {badge && badge.count > 0 ? (
                <span className={classes.count} aria-hidden>
                  {badge.count > 99 ? '99+' : badge.count}
                </span>
              ) : null}
            </span>
            {label}
            {badge && badge.count > 0 ? (
              <>
                {' '}
                <VisuallyHidden>{`(${badge.label})`}</VisuallyHidden>
              </>
            ) : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
