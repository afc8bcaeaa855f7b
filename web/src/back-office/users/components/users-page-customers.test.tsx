import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
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
const signedIn = (user: SessionUser) => ({ auth: { token: 'token', user, isAuthenticated: true } });

/** Sign-up customers are visible to staff, and the users screen keeps its place (decision 016). */
describe('UsersPage: customers and the place in the list', () => {
  const admin = makeUser({ fullName: 'Admin Bosh', name: 'Admin Bosh', role: 'admin' });
  const shopper = makeUser({ fullName: 'Sardor Xaridor', name: 'Sardor Xaridor', role: 'customer' });

  it('lists customers by the role filter, kept in the URL; their rows are not edited with the staff form', async () => {
    const asked: string[] = [];
    mockFetch((url) => {
      asked.push(url.search);
      return jsonResponse(page(url.searchParams.get('role') === 'customer' ? [shopper] : [admin]));
    });
    await renderWithProviders(<UsersPage />, { route: '/admin/users', preloadedState: signedIn(admin) });
    const user = userEvent.setup();
    await screen.findByRole('row', { name: /Admin Bosh/ });
    const role = screen.getByLabelText('Role');
    expect(within(role).getByRole('option', { name: 'All staff' })).toBeInTheDocument();
    await user.selectOptions(role, 'customer');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const row = await screen.findByRole('row', { name: /Sardor Xaridor/ });
    expect(within(row).getByText('Customer')).toBeInTheDocument();
    expect(asked.at(-1)).toBe('?page=1&limit=10&role=customer');
    expect(screen.getByTestId('location').textContent).toBe('/admin/users?role=customer');
    expect(within(row).queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete Sardor Xaridor' })).toBeInTheDocument();
  });

  it('a manager opens ?role=all read-only, and a page past the end shows the last page', async () => {
    const manager = makeUser({ fullName: 'Menejer', name: 'Menejer', role: 'manager' });
    const asked: string[] = [];
    mockFetch((url) => {
      asked.push(url.search);
      const pageNumber = Number(url.searchParams.get('page'));
      return jsonResponse(page(pageNumber <= 2 ? [shopper, manager] : [], 2, pageNumber));
    });
    await renderWithProviders(<UsersPage />, {
      route: '/admin/users?role=all&page=4',
      preloadedState: signedIn(manager),
    });
    await screen.findByRole('row', { name: /Sardor Xaridor/ });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/admin/users?role=all&page=2'),
    );
    expect(asked).toEqual(['?page=4&limit=10&role=all', '?page=2&limit=10&role=all']);
    expect(screen.getByLabelText('Role')).toHaveValue('all');
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).not.toBeInTheDocument();
  });
});
