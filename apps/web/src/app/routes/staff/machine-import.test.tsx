import type { MachineImport, MachineImportFailure } from '@care/contract/machine-import';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machineImportKeys } from '#app/features/machine-import/api.ts';
import { createApiServer, type Answer } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { ImportProgress } from '#app/features/machine-import/components/import-progress.tsx';
import { Component as MachineImportScreen } from './machine-import.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);

const base: MachineImport = {
  id: '3',
  createdAt: '2026-11-20T09:30:00.000Z',
  finishedAt: '2026-11-20T09:30:05.000Z',
  userName: 'Ada Nowak',
  fileName: 'erp.csv',
  dryRun: false,
  status: 'imported',
  rowsRead: 4,
  summary: { rows: 4, created: 2, changed: 1, unchanged: 1, assigned: 1, notified: 1 },
  problemCount: 0,
  problems: [],
};
const refused: MachineImportFailure = {
  code: 'MACHINE_IMPORT_INVALID',
  message: 'The machines file has bad rows; nothing was imported.',
  import: {
    ...base,
    status: 'invalid',
    summary: null,
    problemCount: 2,
    problems: [
      { line: 3, column: 'status', code: 'unknown-status', value: 'Q' },
      { line: 5, column: 'serial_number', code: 'duplicate-serial', value: '2' },
    ],
  },
};
const { problems: _problems, ...cliRun } = { ...base, id: '2', userName: null };

const posts = () => api.state.requests.filter((r) => r.method === 'POST');

async function renderScreen(answer: Answer, language: 'en' | 'pl' = 'en') {
  api.reset((request) => (request.method === 'POST' ? answer : { status: 200, body: [cliRun] }));
  await renderWithProviders(<MachineImportScreen />, {
    route: '/staff/admin/machines',
    language,
    queryData: [[machineImportKeys.history(), [cliRun]]],
  });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(
    input,
    new File(['serial_number,model_name,status\n'], 'erp.csv', { type: 'text/csv' }),
  );
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('machines import screen', () => {
  it('imports the chosen file and shows the counts', async () => {
    await renderScreen({ status: 200, body: base });
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('heading', { name: 'Machines imported' })).toHaveFocus();
    expect(posts()[0]!.query.get('dryRun')).toBe('false');
    expect(String(posts()[0]!.body)).toContain('name="file"; filename="erp.csv"');
    const summary = screen.getByRole('table', { name: 'Machines in the file' });
    expect(within(summary).getByRole('row', { name: /New/ }).textContent).toBe('New2');
    expect(within(summary).getByRole('row', { name: /Owners notified/ }).textContent).toBe(
      'Owners notified1',
    );
  });

  it('checks without saving', async () => {
    await renderScreen({ status: 200, body: { ...base, dryRun: true, status: 'checked' } });
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('heading', { name: 'Checked – nothing was saved' })).toBeInTheDocument();
    expect(posts()[0]!.query.get('dryRun')).toBe('true');
  });

  it('lists every bad row with its line and a translated reason', async () => {
    await renderScreen({ status: 422, body: refused });
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    const table = await screen.findByRole('table', { name: '2 errors in the file' });
    expect(within(table).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['Line 3', 'status', 'Unknown status code', 'Q'],
      ['Line 5', 'serial_number', 'The serial number is already on line 2', '2'],
    ]);
  });

  it('shows the reasons in Polish', async () => {
    await renderScreen({ status: 422, body: refused }, 'pl');
    await userEvent.click(screen.getByRole('button', { name: 'Importuj' }));
    expect(
      await screen.findByRole('heading', { name: 'Plik ma 2 błędy – nic nie zaimportowano' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Nieznany kod statusu').length).toBeGreaterThan(0);
  });

  it('shows recent imports, the command line ones too', async () => {
    await renderScreen({ status: 200, body: base });
    const table = screen.getByRole('table', { name: 'The latest imports and checks, newest first' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(cells(row).slice(1)).toEqual([
      'Command line',
      'erp.csv',
      'Imported',
      '2 new, 1 changed, 1 unchanged',
    ]);
  });
});

describe('machines import progress', () => {
  it('shows the share of the file sent and the rows the server has read', async () => {
    const running = { ...cliRun, id: '9', status: 'running' as const, rowsRead: 120_000, summary: null };
    await renderWithProviders(<ImportProgress uploaded={0.42} history={[running, cliRun]} />, {
      route: '/staff/admin/machines',
      language: 'en',
    });
    expect(screen.getByRole('progressbar', { name: 'File sent: 42 %' })).toBeInTheDocument();
    expect(screen.getByText('120000 rows read')).toBeInTheDocument();
  });
});
