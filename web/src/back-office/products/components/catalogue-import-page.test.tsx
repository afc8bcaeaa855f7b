import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { makeUser } from '../../../testing/factories';
import '../../lib/locales';
import { CatalogueImportPage } from './catalogue-import-page';

const admin = { auth: { token: 'token', user: makeUser({ role: 'admin' }), isAuthenticated: true } };
const sheet = (name = 'catalogue.csv') => new File(['sku;name_uz\r\n'], name, { type: 'text/csv' });

describe('CatalogueImportPage', () => {
  it('checks the file first, shows each error by row and column, and applies only a clean file', async () => {
    const calls: { dryRun: string | null; body: string }[] = [];
    let clean = false;
    mockFetch((url, init) => {
      calls.push({ dryRun: url.searchParams.get('dryRun'), body: String(init?.body ?? '') });
      if (!clean) {
        return jsonResponse({
          created: 1,
          updated: 0,
          unchanged: 4,
          errors: [{ row: 7, column: 'price', message: 'Expected a number' }],
        });
      }
      return jsonResponse({ created: 2, updated: 1, unchanged: 3, errors: [] });
    });
    await renderWithProviders(<CatalogueImportPage />, {
      route: '/admin/products/import',
      preloadedState: admin,
    });
    const user = userEvent.setup();
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(screen.getByRole('button', { name: 'Check the file' })).toBeDisabled();

    await user.upload(screen.getByLabelText(/^Spreadsheet \(.xlsx or .csv/), sheet());
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    const table = await screen.findByRole('table', { name: '1 error: fix it in the file and check again' });
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['7', 'price', 'Expected a number']);
    expect(screen.getByText('New: 1 · changed: 0 · unchanged: 4')).toBeInTheDocument();
    expect(apply).toBeDisabled();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.dryRun).toBe('1');
    // The file goes in the multipart field `file` (jsdom's FormData does not keep the file's name).
    expect(calls[0]!.body).toMatch(/name="file"[^]*sku;name_uz/);

    clean = true;
    await user.upload(screen.getByLabelText(/^Spreadsheet \(.xlsx or .csv/), sheet('fixed.csv'));
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    await screen.findByText('New: 2 · changed: 1 · unchanged: 3');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(apply);
    expect(await screen.findByText('Imported. New: 2 · changed: 1 · unchanged: 3')).toBeInTheDocument();
    expect(calls.map((call) => call.dryRun)).toEqual(['1', '1', null]);
    expect(apply).toBeDisabled();
  });

  it('shows why the server refused a file, and offers no Apply', async () => {
    mockFetch((url) =>
      url.searchParams.get('dryRun')
        ? jsonResponse({ message: 'Send an .xlsx or .csv file', code: 'UNSUPPORTED_MEDIA_TYPE' }, 415)
        : jsonResponse({}, 500),
    );
    await renderWithProviders(<CatalogueImportPage />, {
      route: '/admin/products/import',
      preloadedState: admin,
    });
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText(/^Spreadsheet \(.xlsx or .csv/), sheet('notes.txt'));
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file was refused: Send an .xlsx or .csv file',
    );
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it('signs the staff member out when the server no longer takes their session', async () => {
    mockFetch(() => jsonResponse({ message: 'Please log in first.', code: 'UNAUTHORIZED' }, 401));
    const { store } = await renderWithProviders(<CatalogueImportPage />, {
      route: '/admin/products/import',
      preloadedState: admin,
    });
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText(/^Spreadsheet \(.xlsx or .csv/), sheet());
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

  it('shows a streamed import’s progress, and the sheet’s own messages in the staff member’s words', async () => {
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    mockFetch(() => {
      const lines = new ReadableStream<Uint8Array>({
        async start(controller) {
          const put = (value: unknown) =>
            controller.enqueue(new TextEncoder().encode(`${JSON.stringify(value)}\n`));
          put({ phase: 'check', done: 50, total: 120 });
          await finished;
          put({
            status: 200,
            body: {
              created: 0,
              updated: 0,
              unchanged: 119,
              errors: [{ row: 9, column: 'made_to_order', message: 'Expected yes or no' }],
            },
          });
          controller.close();
        },
      });
      return new Response(lines, { headers: { 'Content-Type': 'application/x-ndjson' } });
    });
    await renderWithProviders(<CatalogueImportPage />, {
      route: '/admin/products/import',
      preloadedState: admin,
    });
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText(/^Spreadsheet \(.xlsx or .csv/), sheet('catalogue.zip'));
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText('Checking rows: 50 of 120')).toBeInTheDocument();
    finish();
    const table = await screen.findByRole('table', { name: '1 error: fix it in the file and check again' });
    expect(within(table).getByText('Write yes or no')).toBeInTheDocument();
  });
});
