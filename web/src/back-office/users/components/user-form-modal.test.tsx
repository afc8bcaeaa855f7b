import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@shop/common';
import { switchToEnglish } from '../../testing/english';
import { UserFormModal } from './user-form-modal';

beforeAll(switchToEnglish);

const staff: User = {
  _id: 'c'.repeat(24),
  fullName: 'Dilnoza Karimova',
  phoneNumber: '+998901112233',
  role: 'manager',
  phoneVerified: false,
  lastActiveAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('UserFormModal', () => {
  it('create: defaults to admin, requires the password and a matching confirmation', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<UserFormModal mode="create" onSubmit={onSubmit} onClose={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Add user' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Role/)).toHaveValue('admin');
    expect(screen.getByLabelText(/^Phone number/)).toHaveAttribute('placeholder', '+998123456789');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(screen.getByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/^Full name/), 'Aziz');
    await user.type(screen.getByLabelText(/^Phone number/), '90123456');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(screen.getByText('Please enter a valid phone number in format +998XXXXXXXXX')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/^Phone number/));
    await user.type(screen.getByLabelText(/^Phone number/), '+998901234567');
    await user.clear(screen.getByLabelText(/^Confirm password/));
    await user.type(screen.getByLabelText(/^Confirm password/), 'secret1');
    await user.selectOptions(screen.getByLabelText(/^Role/), 'manager');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(onSubmit).toHaveBeenCalledWith({
      fullName: 'Aziz',
      phoneNumber: '+998901234567',
      role: 'manager',
      password: 'secret1',
    });
  });

  it('create: a short password is refused', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<UserFormModal mode="create" onSubmit={onSubmit} onClose={() => {}} />);
    await user.type(screen.getByLabelText(/^Full name/), 'Aziz');
    await user.type(screen.getByLabelText(/^Phone number/), '+998901234567');
    await user.type(screen.getByLabelText(/^Password/), '123');
    await user.type(screen.getByLabelText(/^Confirm password/), '123');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('edit: fills the user, the password is optional and left out when blank', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<UserFormModal mode="edit" user={staff} onSubmit={onSubmit} onClose={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Edit user' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('Dilnoza Karimova');
    expect(screen.getByLabelText(/^Role/)).toHaveValue('manager');
    expect(screen.getByText('Leave blank to keep the current password.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({
      fullName: 'Dilnoza Karimova',
      phoneNumber: '+998901112233',
      role: 'manager',
    });
  });

  it('edit: a new password must be confirmed', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<UserFormModal mode="edit" user={staff} onSubmit={onSubmit} onClose={() => {}} />);
    await user.type(screen.getByLabelText(/^New password/), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/^Confirm password/), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({
      fullName: 'Dilnoza Karimova',
      phoneNumber: '+998901112233',
      role: 'manager',
      password: 'newpass1',
    });
  });

  it("shows the server's field errors of a failed save next to their fields", async () => {
    const user = userEvent.setup();
    const failure = {
      status: 400,
      data: {
        message: 'Invalid body',
        code: 'VALIDATION_ERROR',
        errors: [{ path: 'fullName', message: 'Full name must be at most 100 characters' }],
      },
    };
    const onSubmit = vi.fn(async () => failure);
    render(<UserFormModal mode="edit" user={staff} onSubmit={onSubmit} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Full name must be at most 100 characters')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Full name/)).toHaveAttribute('aria-invalid', 'true');
  });
});
