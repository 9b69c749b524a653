import { ActionIcon, Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconColumns3, IconRestore } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableStateChange } from './data-table.tsx';
import { isColumnVisible, orderColumns, type DataColumn, type TableState } from './table-state.ts';

interface ColumnMenuProps<Row> {
  columns: readonly DataColumn<Row>[];
  state: TableState;
  onStateChange: TableStateChange;
}

/** Which columns show and in what order: checkboxes and move buttons, all usable with the keyboard. */
export function ColumnMenu<Row>({ columns, state, onStateChange }: ColumnMenuProps<Row>) {
  const { t } = useTranslation('layout');
  const titleId = useId();
  const ordered = orderColumns(columns, state);

  const move = (index: number, by: -1 | 1) =>
    onStateChange((current) => {
      const ids = orderColumns(columns, current).map((column) => column.id);
      const [id] = ids.splice(index, 1);
      ids.splice(index + by, 0, id!);
      return { ...current, columnOrder: ids };
    });
  const toggle = (id: string, visible: boolean) =>
    onStateChange((current) => ({
      ...current,
      columnVisibility: { ...current.columnVisibility, [id]: visible },
    }));
  const reset = () =>
    onStateChange((current) => ({ ...current, columnVisibility: {}, columnSizing: {}, columnOrder: [] }));

  return (
    <Popover position="bottom-start" shadow="md" width={320} trapFocus returnFocus>
      <Popover.Target>
        <Button variant="default" h={40} leftSection={<IconColumns3 size={18} aria-hidden />}>
          {t('table.columns.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={titleId}>
        <Text fw={600} size="sm" mb="xs" id={titleId}>
          {t('table.columns.title')}
        </Text>
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {ordered.map((column, index) => (
            <Group component="li" key={column.id} gap={4} wrap="nowrap" justify="space-between">
              <Checkbox
                label={column.label}
                checked={isColumnVisible(column, state)}
                disabled={column.alwaysVisible}
                onChange={(event) => toggle(column.id, event.currentTarget.checked)}
                py={6}
                style={{ flex: 1, minWidth: 0 }}
              />
              <ActionIcon
                variant="subtle"
                size={32}
                disabled={index === 0}
                aria-label={t('table.columns.move-up', { column: column.label })}
                onClick={() => move(index, -1)}
              >
                <IconChevronUp size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                size={32}
                disabled={index === ordered.length - 1}
                aria-label={t('table.columns.move-down', { column: column.label })}
                onClick={() => move(index, 1)}
              >
                <IconChevronDown size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
        <Button
          variant="subtle"
          size="compact-sm"
          mt="sm"
          h="auto"
          py={4}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
          leftSection={<IconRestore size={16} aria-hidden />}
          onClick={reset}
        >
          {t('table.columns.reset')}
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}
