import type { AdminUser } from '@pillars/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiReply, stubApi } from '@/test/payment-api-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { ManageAdminsDialog } from './manage-admins-dialog';
import { ProfileDialog } from './profile-dialog';

const admin: AdminUser = {
  id: '0b7e6a52-4c1d-4f3e-9a8b-7c6d5e4f3a21',
  username: 'admin',
  email: 'admin@example.org',
  firstName: 'George',
  lastName: 'Washington',
  phone: '555-010-1776',
  createdAt: '2025-01-05T12:00:00.000Z',
};
const other: AdminUser = {
  id: '1c8f7b63-5d2e-4a4f-8b9c-8d7e6f5a4b32',
  username: 'martha@example.org',
  email: 'martha@example.org',
  firstName: null,
  lastName: null,
  phone: null,
  createdAt: '2025-02-01T12:00:00.000Z',
};

const ok =
  (body: unknown, status = 200): ApiReply =>
  () =>
    Response.json(body, { status });

/**
 * A toast shown while a modal dialog is open: Radix hides the rest of the page (the toast viewport
 * included) from the accessibility tree, and announces the toast through its own live region.
 */
async function findToast(title: string): Promise<string> {
  const region = await screen.findByRole('region', { name: /Notifications/, hidden: true });
  const toast = await within(region).findByText(title);
  return toast.parentElement?.textContent ?? '';
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ManageAdminsDialog', () => {
  async function open(routes: Record<string, ApiReply[]> = {}) {
    const calls = stubApi({ 'GET /api/admin/users': [ok([admin, other])], ...routes });
    const user = userEvent.setup();
    renderWithProviders(<ManageAdminsDialog />, { path: '/admin' });
    await user.click(screen.getByRole('button', { name: 'Manage Admins' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Admins' });
    await within(dialog).findByText('martha@example.org', { selector: 'p' });
    return { calls, user, dialog };
  }

  it('lists the admin accounts', async () => {
    const { dialog } = await open();
    const items = within(dialog).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('admin');
    expect(items[0]?.textContent).toContain('George Washington · admin@example.org · 555-010-1776');
    expect(within(dialog).getByRole('button', { name: 'Delete martha@example.org' })).toHaveProperty('disabled', false);
  });

  it('says the list failed to load, what to do, and loads it again from "Try again"', async () => {
    stubApi({ 'GET /api/admin/users': [ok({ error: 'db down', code: 'INTERNAL' }, 500), ok([admin, other])] });
    const user = userEvent.setup();
    renderWithProviders(<ManageAdminsDialog />, { path: '/admin' });
    await user.click(screen.getByRole('button', { name: 'Manage Admins' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Admins' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(
      "Failed to load admin users.We couldn't load the admin users. Check your connection and try again.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(2));
    expect(within(dialog).getAllByRole('listitem')[1]?.textContent).toContain('martha@example.org');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('creates an admin: email and password are required, blank optional fields are not sent', async () => {
    const created: AdminUser = {
      ...other,
      id: '2d9a8c74-6e3f-4b5a-9cad-9e8f7a6b5c43',
      username: 'abigail@example.org',
    };
    const { calls, user, dialog } = await open({
      'POST /api/admin/users': [ok({ success: true, user: created }, 201)],
    });
    const email = within(dialog).getByRole('textbox', { name: /^Email/ });
    expect(email.hasAttribute('required')).toBe(true);
    const password = within(dialog).getByLabelText(/^Password/);
    expect(password.hasAttribute('required')).toBe(true);
    expect(within(dialog).getByRole('textbox', { name: 'First name' }).hasAttribute('required')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Create Admin' }));
    await waitFor(() => expect(dialog.textContent).toContain('Please enter a valid email address'));
    expect(dialog.textContent).toContain('Password must be at least 6 characters');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(email, 'abigail@example.org');
    await user.type(password, 'liberty-1776');
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Abigail');
    await user.click(within(dialog).getByRole('button', { name: 'Create Admin' }));

    expect(await findToast('Admin Created')).toContain('abigail@example.org can now sign in.');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({
        url: '/api/admin/users',
        body: { email: 'abigail@example.org', password: 'liberty-1776', firstName: 'Abigail' },
      }),
    ]);
    await waitFor(() => expect(email).toHaveProperty('value', ''));
    // The list is loaded again.
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/admin/users' && call.method === 'GET')).toHaveLength(2),
    );
  });

  it('deletes an admin after the confirmation, and sends nothing on Cancel', async () => {
    const { calls, user } = await open({
      [`DELETE /api/admin/users/${other.id}`]: [() => new Response(null, { status: 204 })],
    });
    await user.click(screen.getByRole('button', { name: 'Delete martha@example.org' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete Admin User' });
    expect(confirm.textContent).toContain(
      'Are you sure you want to delete this admin user? This action cannot be undone.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete martha@example.org' }));
    confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await findToast('Admin Deleted')).toContain('martha@example.org can no longer sign in.');
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      `/api/admin/users/${other.id}`,
    ]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('logs a refused deletion and shows the server message in a destructive toast', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await open({
      [`DELETE /api/admin/users/${admin.id}`]: [
        ok({ error: 'You cannot delete your own account', code: 'CONFLICT' }, 409),
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Delete admin' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await findToast('Could Not Delete Admin')).toContain('You cannot delete your own account');
    expect(logged).toHaveBeenCalled();
    // The confirmation stays open with the reason in view.
    expect(screen.getByRole('alertdialog').textContent).toContain('You cannot delete your own account');
  });
});

describe('ProfileDialog', () => {
  async function open(users: AdminUser[], saved: ApiReply) {
    const calls = stubApi({
      'GET /api/auth/me': [ok({ username: 'admin' })],
      'GET /api/admin/users': [ok(users)],
      'PUT /api/admin/profile': [saved],
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfileDialog />, { path: '/admin' });
    await user.click(screen.getByRole('button', { name: 'Profile Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Profile Settings' });
    return { calls, user, dialog };
  }
  const updated = ok({ success: true, message: 'Profile updated successfully', user: admin });

  it('is prefilled from the admin list and saves the profile with PUT /api/admin/profile', async () => {
    const { calls, user, dialog } = await open([admin, other], updated);
    const phone = within(dialog).getByRole('textbox', { name: 'Phone' });
    await waitFor(() => expect(phone).toHaveProperty('value', '555-010-1776'));
    expect(within(dialog).getByRole('textbox', { name: 'First name' })).toHaveProperty('value', 'George');

    await user.clear(phone);
    await user.type(phone, '555-999-0000');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await findToast('Profile Updated')).toContain('Profile updated successfully');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      expect.objectContaining({
        url: '/api/admin/profile',
        body: { firstName: 'George', lastName: 'Washington', email: 'admin@example.org', phone: '555-999-0000' },
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('clears an emptied phone, and keeps the e-mail when it is left blank', async () => {
    const { calls, user, dialog } = await open([admin, other], updated);
    const phone = within(dialog).getByRole('textbox', { name: 'Phone' });
    await waitFor(() => expect(phone).toHaveProperty('value', '555-010-1776'));
    await user.clear(phone);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Email' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await findToast('Profile Updated')).toContain('Profile updated successfully');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      expect.objectContaining({ body: { firstName: 'George', lastName: 'Washington', phone: '' } }),
    ]);
  });

  it('checks the e-mail and shows a failure as a destructive toast', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, dialog } = await open([admin], ok({ error: 'Email already in use', code: 'CONFLICT' }, 409));
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveProperty('value', 'admin@example.org'));
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(dialog.textContent).toContain('Please enter a valid email address'));

    await user.clear(email);
    await user.type(email, 'taken@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await findToast('Profile Update Failed')).toContain('Email already in use');
    expect(logged).toHaveBeenCalled();
    expect(screen.getByRole('dialog').textContent).toContain('Email already in use');
  });
});
