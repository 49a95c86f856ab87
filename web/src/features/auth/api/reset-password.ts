import { MessageResponse, type ResetPasswordRequest } from '@pillars/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/**
 * POST /api/auth/reset-password. A 400 rejects with the API's message: the link
 * is invalid or expired, or the password is refused (e.g. too common).
 */
export async function resetPassword(body: ResetPasswordRequest): Promise<MessageResponse> {
  const response = await apiRequest('POST', '/api/auth/reset-password', body);
  return MessageResponse.parse(await response.json());
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
