import { AdminPaymentDetail, PaymentsOfRecord } from '@pillars/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { parsedQueryFn } from './admin-query';

/** GET /api/admin/payments?recordId=: the payments of a dashboard, member or registration row. */
export const paymentsOfRecordQueryKey = (recordId: string) =>
  [`/api/admin/payments?recordId=${encodeURIComponent(recordId)}`] as const;

const getPaymentsOfRecord = parsedQueryFn(PaymentsOfRecord);
const getPaymentDetail = parsedQueryFn(AdminPaymentDetail);

export function usePaymentsOfRecord(recordId: string, enabled: boolean) {
  return useQuery({ queryKey: paymentsOfRecordQueryKey(recordId), queryFn: getPaymentsOfRecord, enabled });
}

/** GET /api/admin/payments/{id}: the ledger row with its queue job's state. */
export function usePaymentDetail(paymentId: string | undefined) {
  return useQuery({
    queryKey: [`/api/admin/payments/${paymentId ?? ''}`],
    queryFn: getPaymentDetail,
    enabled: paymentId !== undefined,
  });
}
