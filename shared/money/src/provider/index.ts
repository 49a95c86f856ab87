/** The card provider interface and its Pay Theory adapter (ADR 011). */
export * from './provider';
export { createPayTheoryProvider, type PayTheoryProviderOptions } from './paytheory/paytheory-provider';
export { declineCodeLabel } from './paytheory/failure-codes';
export { IDEMPOTENCY_METADATA_KEY, OPERATION_DOCUMENTS } from './paytheory/operations';
export { PayTheoryNotification, WEBHOOK_SIGNATURE_HEADER, signWebhookBody } from './paytheory/webhooks';
