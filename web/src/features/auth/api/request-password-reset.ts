import { type ForgotPasswordRequest, MessageResponse } from '@pillars/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/**
 * POST /api/auth/forgot-password. The answer is the same whether or not the
 * e-mail belongs to an admin, so success says only that a link may have been sent.
 */
export async function requestPasswordReset(body: ForgotPasswordRequest): Promise<MessageResponse> {
  const response = await apiRequest('POST', '/api/auth/forgot-password', body);
  return MessageResponse.parse(await response.json());
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
