import type { CSSProperties, ReactNode } from 'react';
import classes from './field-list.module.css';

export interface Field {
  label: string;
  value: ReactNode;
}

interface FieldListProps {
  fields: readonly Field[];
  /** Width of the label column when label and value sit side by side. */
  labelWidth?: number;
  /** `vertical` always puts the label above the value (long texts). */
  orientation?: 'horizontal' | 'vertical';
}

/** Label–value pairs (a <dl>) for cards and detail panels; stacked on phones. */
export function FieldList({ fields, labelWidth = 180, orientation = 'horizontal' }: FieldListProps) {
  return (
    <dl
      className={classes.list}
      data-orientation={orientation}
      style={{ '--field-list-label-width': `${labelWidth}px` } as CSSProperties}
    >
      {fields.map(({ label, value }) => (
        <div key={label} className={classes.item}>
          <dt className={classes.label}>{label}</dt>
          <dd className={classes.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
