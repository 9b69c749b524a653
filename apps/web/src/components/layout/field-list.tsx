import { DataList } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Field {
  label: string;
  value: ReactNode;
}

interface FieldListProps {
  fields: readonly Field[];
  labelWidth?: number;
  /** Label above the value: for narrow columns. */
  orientation?: 'horizontal' | 'vertical';
}

/** Label–value pairs (a <dl>) for cards and detail panels. */
export function FieldList({ fields, labelWidth = 160, orientation = 'horizontal' }: FieldListProps) {
  return (
    <DataList size="sm" labelWidth={labelWidth} orientation={orientation}>
      {fields.map(({ label, value }) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}
