import { STAFF_QUEUE_SORT_FIELDS } from '@care/contract/staff';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#app/test/render.tsx';
import type { StaffQueueParams } from '../api.ts';
import { staffKeys } from '../api.ts';
import { queueParamsOf } from '../queue-params.ts';
import { QueueFilterBar } from './queue-filters.tsx';

const params = (sort: StaffQueueParams['sort'], order: StaffQueueParams['order']): StaffQueueParams =>
  queueParamsOf(new URLSearchParams({ sort, order }));

async function sortShown(sort: StaffQueueParams['sort'], order: StaffQueueParams['order']) {
  const view = await renderWithProviders(
    <QueueFilterBar params={params(sort, order)} onChange={() => {}} onClear={() => {}} />,
    { queryData: [[staffKeys.colleagues(), []]] },
  );
  const value = (screen.getByLabelText('Sort by', { selector: 'input' }) as HTMLInputElement).value;
  view.unmount();
  return value;
}

describe('the queue’s sort dropdown', () => {
  it('names an order set from a column header that the list did not offer before (priority, least urgent first)', async () => {
    expect(await sortShown('priority', 'asc')).toBe('Least urgent first');
  });

  it('names every order a header can set, each field either way, with a label of its own', async () => {
    const shown: string[] = [];
    for (const field of STAFF_QUEUE_SORT_FIELDS) {
      for (const order of ['asc', 'desc'] as const) shown.push(await sortShown(field, order));
    }
    expect(shown.every((label) => label.trim().length > 0)).toBe(true);
    expect(new Set(shown).size).toBe(STAFF_QUEUE_SORT_FIELDS.length * 2);
  });
});

describe('the queue’s filter panel on a desktop', () => {
  const render = (search: Record<string, string>) =>
    renderWithProviders(
      <QueueFilterBar
        params={queueParamsOf(new URLSearchParams(search))}
        onChange={() => {}}
        onClear={() => {}}
      />,
      { queryData: [[staffKeys.colleagues(), []]] },
    );

  it('folds the dates, priority, tag, guarantee and order behind "More filters" while none of them is set', async () => {
    const view = await render({ status: 'N' });
    const more = screen.getByRole('button', { name: 'More filters' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(more.getAttribute('aria-controls')!)).toContainElement(
      screen.getByLabelText('Tag', { selector: 'input' }),
    );
    view.unmount();
  });

  it('opens them when one is set, and the button counts the set ones', async () => {
    const view = await render({ tag: 'hydraulika', priority: 'high' });
    const fewer = screen.getByRole('button', { name: /^Fewer filters/ });
    expect(fewer).toHaveAttribute('aria-expanded', 'true');
    expect(fewer).toHaveAccessibleName('Fewer filters, Active filters: 2');
    view.unmount();
  });
});
