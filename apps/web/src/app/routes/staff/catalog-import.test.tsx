import type {
  CatalogImportFailure,
  CatalogImportHistoryItem,
  CatalogImportResult,
} from '@care/contract/catalog-import';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogImportKeys } from '#app/features/catalog-import/api.ts';
import { createApiServer, type Answer } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { Component as CatalogImport } from './catalog-import.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);

const counts = (created: number, updated = 0, unchanged = 0) => ({ created, updated, unchanged });
const checked: CatalogImportResult = {
  id: '7',
  dryRun: true,
  status: 'checked',
  summary: {
    folders: counts(2),
    cards: counts(1),
    parts: counts(3, 1, 120),
    positions: counts(1),
    files: counts(2),
  },
  warnings: [],
};
const cleaned: CatalogImportResult = {
  ...checked,
  dryRun: false,
  status: 'imported',
  warnings: [
    {
      entity: 'card',
      source: 'json',
      index: 1,
      externalId: 'X-CARD-ARM-1',
      field: 'drawing',
      code: 'svg-cleaned',
      detail: 'lift-cylinder.svg: <script>, onload=',
    },
  ],
};
const refused: CatalogImportFailure = {
  code: 'CATALOG_IMPORT_INVALID',
  message: 'The catalogue file has problems; nothing was imported.',
  id: '8',
  problemCount: 2,
  problems: [
    {
      entity: 'part',
      source: 'json',
      index: 2,
      externalId: 'X-P-105',
      field: 'symbol',
      code: 'required',
      detail: null,
    },
    {
      entity: 'part',
      source: 'csv',
      index: 14,
      externalId: 'X-P-300',
      field: 'quantity',
      code: 'not-a-number',
      detail: 'dużo',
    },
  ],
};
const history: CatalogImportHistoryItem[] = [
  {
    id: '6',
    createdAt: '2026-11-20T09:30:00.000Z',
    userName: null,
    fileNames: ['catalog.json', 'parts.csv'],
    dryRun: false,
    status: 'imported',
    summary: checked.summary,
    problemCount: 0,
  },
];

const posts = () => api.state.requests.filter((r) => r.method === 'POST');

async function renderScreen(answer: Answer, language: 'en' | 'pl' = 'en') {
  api.reset((request) => (request.method === 'POST' ? answer : { status: 200, body: history }));
  const result = await renderWithProviders(<CatalogImport />, {
    route: '/staff/catalog-import',
    language,
    queryData: [[catalogImportKeys.history(), history]],
  });
  return result;
}

async function chooseFiles() {
  const [document, , attachments] = Array.from(
    window.document.querySelectorAll<HTMLInputElement>('input[type="file"]'),
  );
  await userEvent.upload(document!, new File(['{"parts":[]}'], 'catalog.json', { type: 'application/json' }));
  await userEvent.upload(attachments!, [
    new File(['<svg/>'], 'lift-cylinder.svg', { type: 'image/svg+xml' }),
    new File(['png'], 'loaders.png', { type: 'image/png' }),
  ]);
}

describe('catalogue import screen', () => {
  it('checks the chosen files without saving and shows what an import would change', async () => {
    await renderScreen({ status: 200, body: checked });
    await chooseFiles();
    expect(screen.getByText('2 files chosen')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));

    expect(await screen.findByRole('heading', { name: 'Checked – nothing was saved' })).toHaveFocus();
    const sent = String(posts()[0]!.body);
    expect(sent).toMatch(/name="dryRun"\r\n\r\ntrue/);
    expect(sent).toContain('filename="catalog.json"');
    expect(sent).toContain('name="file"; filename="lift-cylinder.svg"');
    expect(sent).toContain('name="file"; filename="loaders.png"');
    const summary = screen.getByRole('table', { name: 'Changes by kind of data' });
    const parts = within(summary).getByRole('row', { name: /Parts/ });
    expect(
      within(parts)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '1', '120']);
  });

  it('tells the admin which drawings were cleaned on the way, and what was removed', async () => {
    await renderScreen({ status: 200, body: cleaned });
    await chooseFiles();
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));

    expect(await screen.findByRole('heading', { name: 'Catalogue imported' })).toHaveFocus();
    expect(
      screen.getByText('Some files were changed on the way – check the drawings listed:'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: '1 warning' });
    expect(within(table).getByRole('columnheader', { name: 'Warning' })).toBeInTheDocument();
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Card · X-CARD-ARM-1 · no. 1 in the list',
      'drawing',
      'Scripts, links or references to external resources were removed from the drawing; the rest of it was kept.',
      'lift-cylinder.svg: <script>, onload=',
    ]);
  });

  it('lists every problem of a refused file with its record, field and translated message', async () => {
    await renderScreen({ status: 422, body: refused });
    await chooseFiles();
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));

    expect(
      await screen.findByRole('heading', { name: 'The file has 2 errors – nothing was imported' }),
    ).toBeInTheDocument();
    expect(String(posts()[0]!.body)).toMatch(/name="dryRun"\r\n\r\nfalse/);
    const table = screen.getByRole('table', { name: '2 errors in the file' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Part · X-P-105 · no. 2 in the list', 'symbol', 'This field is required.', '—'],
      ['Part · X-P-300 · CSV line 14', 'quantity', 'Not a number.', 'dużo'],
    ]);
  });

  it('shows the messages in Polish', async () => {
    await renderScreen({ status: 422, body: refused }, 'pl');
    await chooseFiles();
    await userEvent.click(screen.getByRole('button', { name: 'Importuj' }));
    expect(
      await screen.findByRole('heading', { name: 'Plik ma 2 błędy – nic nie zaimportowano' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('To nie jest liczba.').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Część · X-P-300 · wiersz CSV 14').length).toBeGreaterThan(0);
  });

  it('asks for a catalogue or parts file before sending anything', async () => {
    await renderScreen({ status: 200, body: checked });
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Choose a catalogue file or a parts file')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('shows recent imports, the command line ones too', async () => {
    await renderScreen({ status: 200, body: checked });
    const table = screen.getByRole('table', { name: 'Recent imports and checks' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('command line')).toBeInTheDocument();
    expect(within(row).getByText('catalog.json, parts.csv')).toBeInTheDocument();
    expect(within(row).getByText('Imported')).toBeInTheDocument();
    expect(within(row).getByText('new: 9, changed: 1, unchanged: 120')).toBeInTheDocument();
    await waitFor(() => expect(posts()).toHaveLength(0));
  });
});
