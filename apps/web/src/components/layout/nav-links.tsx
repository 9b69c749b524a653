import type { TablerIcon } from '@tabler/icons-react';
import { NavLink } from 'react-router';
import classes from './nav-links.module.css';

export interface NavItem {
  to: string;
  label: string;
  icon: TablerIcon;
}

interface NavLinksProps {
  items: readonly NavItem[];
  orientation?: 'horizontal' | 'vertical';
  /** Called after a link is followed (the drawer closes itself). */
  onNavigate?: () => void;
}

/** The header's main navigation; React Router marks the current item with aria-current="page". */
export function NavLinks({ items, orientation = 'horizontal', onNavigate }: NavLinksProps) {
  return (
    <ul className={classes.list} data-orientation={orientation}>
      {items.map(({ to, label, icon: ItemIcon }) => (
        <li key={to}>
          <NavLink to={to} className={classes.link} onClick={onNavigate}>
            <ItemIcon className={classes.icon} size={20} stroke={1.75} aria-hidden />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
