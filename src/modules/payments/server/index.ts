// The module's public server surface: other modules and the app import from here only (ADR 0016).
export { getAdminMoneyPanel, loadAdminMoneyPanel } from "./admin-money-view";
export { bookingLedger, loadBookingAdjustments, loadBookingLedger } from "./booking-ledger";
export { startCheckout } from "./checkout/checkout";
export { type RefundFact, latestRefundFact } from "./checkout/latest-refund";
export { BALANCE_PAYABLE } from "./checkout/payment-link";
export { type ReturnState, verifyCheckoutOnReturn } from "./checkout/verify-return";
export { handleWebhookRequest } from "./checkout/webhook-http";
export { customerMoney, loadCustomerMoney } from "./customer-payments";
export { paymentJobs } from "./jobs";
export { loadPaymentProviderStatus } from "./providers/provider-status";
export { activeProviderName } from "./providers/registry";
export {
  type AfterCancel,
  type CancellationMoney,
  afterCancellation,
  assertCancellationRefund,
  cancellationMoney,
  refundWithCancellation,
} from "./refunds/cancellation-refund";
export { refundablePayments } from "./refunds/refund-limits";
export { collectedRevenue } from "./revenue";
export { loadTaxDocument, taxDocumentPdfResponse } from "./tax-documents/tax-document-pages";
export {
  creditChargeFall,
  invoiceConfirmedOnAccount,
  issueInvoiceIfDue,
  listTaxDocumentsIssued,
} from "./tax-documents/tax-documents";
export { type ManualPayment, recordPhonePayment } from "./phone-payment";
export { recordPayment } from "./record-payment";
