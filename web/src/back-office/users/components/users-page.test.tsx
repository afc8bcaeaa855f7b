import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionUser } from '@shop/common';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { makeUser } from '../../../testing/factories';
import '../../lib/locales';
import { UsersPage } from './users-page';

const page = (docs: SessionUser[], totalPages = 1, pageNumber = 1) => ({
  docs: docs.map(({ name: _name, ...user }) => user),
  totalDocs: docs.length,
  totalPages,
  page: pageNumber,
  limit: 10,
});

function signedIn(user: SessionUser) {
  return { auth: { token: 'token', user, isAuthenticated: true } };
}

describe('UsersPage', () => {
  const me = makeUser({
    fullName: 'Admin Bosh',
    name: 'Admin Bosh',
    role: 'admin',
    lastActiveAt: '2026-11-20T10:00:00.000Z',
  });
  const other = makeUser({
    fullName: 'Dilnoza Karimova',
    name: 'Dilnoza Karimova',
    role: 'manager',
    phoneNumber: '+998901112233',
  });

  it('a manager sees the list without any write action (role matrix)', async () => {
    const manager = makeUser({ fullName: 'Manager', name: 'Manager', role: 'manager' });
    mockFetch(() => jsonResponse(page([me, other])));
    await renderWithProviders(<UsersPage />, { preloadedState: signedIn(manager) });
    const row = await screen.findByRole('row', { name: /Dilnoza Karimova/ });
    expect(within(row).getByText('Manager')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(screen.getByTestId('users-read-only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  });

  it('an admin gets a translated 403 when the server refuses, and deletes after a confirmation naming the user', async () => {
    const calls: string[] = [];
    mockFetch((url, init) => {
      calls.push(`${init.method} ${url.pathname}${url.search}`);
      if (init.method === 'POST') return jsonResponse({ message: 'Forbidden', code: 'FORBIDDEN' }, 403);
      if (init.method === 'DELETE') return jsonResponse({ message: 'Deleted' });
      return jsonResponse(page([me, other], 3));
    });
    await renderWithProviders(<UsersPage />, { preloadedState: signedIn(me) });
    const user = userEvent.setup();
    const myRow = await screen.findByRole('row', { name: /Admin Bosh/ });
    // Nobody deletes themselves: no delete button on the own row.
    expect(within(myRow).queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = screen.getByRole('dialog', { name: 'Add user' });
    await user.type(within(dialog).getByLabelText(/^Full name/), 'Yangi Xodim');
    await user.type(within(dialog).getByLabelText(/^Phone number/), '+998907776655');
    await user.type(within(dialog).getByLabelText(/^Password/), 'secret12');
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'secret12');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('You do not have permission to do this.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Delete Dilnoza Karimova' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete user' });
    expect(confirm).toHaveTextContent('Delete Dilnoza Karimova? This action cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    expect(calls).toContain(`DELETE /api/users/${other._id}`);

    // Numbered pages.
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(calls.at(-1)).toBe('GET /api/users?page=2&limit=10');
  });
});
