import type { Paged, StaffRole, User } from '@shop/common';
import { baseApi } from '../../../lib/api';

export interface AdminUserQuery {
  page: number;
  limit: number;
  search?: string;
  role?: string;
}

export interface UserWriteBody {
  fullName: string;
  phoneNumber: string;
  role: StaffRole;
  password?: string;
}

export const staffUsersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminUsers: build.query<Paged<User>, AdminUserQuery>({
      query: ({ page, limit, search, role }) => {
        const params: Record<string, string | number> = { page, limit };
        if (search?.trim()) params.search = search.trim();
        // No role is the server's staff list; 'customer' and 'all' are asked for by name.
        if (role) params.role = role;
        return { url: '/api/users', params };
      },
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
    createUser: build.mutation<{ user: User }, UserWriteBody & { password: string }>({
      query: (body) => ({ url: '/api/users', method: 'POST', body }),
      invalidatesTags: [{ type: 'User', id: 'LIST' }],
    }),
    updateUser: build.mutation<{ user: User }, { id: string; body: UserWriteBody }>({
      query: ({ id, body }) => ({ url: `/api/users/${id}`, method: 'PATCH', body }),
      invalidatesTags: [{ type: 'User', id: 'LIST' }],
    }),
    deleteUser: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/api/users/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'User', id: 'LIST' }],
    }),
  }),
});

export const { useGetAdminUsersQuery, useCreateUserMutation, useUpdateUserMutation, useDeleteUserMutation } =
  staffUsersApi;
