import { type ProfileUpdate } from '@pillars/contracts';
import { ProfileUpdated } from '@pillars/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { invalidateAdminQueries } from './admin-query';

/** PUT /api/admin/profile: the signed-in admin's name, e-mail and phone. */
export async function updateProfile(profile: ProfileUpdate) {
  const response = await apiRequest('PUT', '/api/admin/profile', profile);
  return ProfileUpdated.parse(await response.json());
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProfile, onSuccess: () => invalidateAdminQueries(queryClient) });
}
