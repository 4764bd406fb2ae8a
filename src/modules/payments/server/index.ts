// The module's public server surface: other modules and the app import from here only (ADR 0016).
export { loadAdminMoneyPanel } from "./admin-money-view";
export { bookingLedger, loadBookingAdjustments, loadBookingLedger } from "./booking-ledger";
export { startCheckout } from "./checkout/checkout";
export { BALANCE_PAYABLE } from "./checkout/payment-link";
export { loadBookingResult, resultPayments } from "./checkout/result-page";
export { handleWebhookRequest } from "./checkout/webhook-http";
export { customerMoney, loadCustomerMoney } from "./customer-payments";
export { paymentJobs } from "./jobs";
export { loadPaymentProviderStatus } from "./providers/provider-status";
export { activeProviderName } from "./providers/registry";
export { loadMyCancelOffer } from "./refunds/customer-cancel";
export { deactivateCustomerAndCancel } from "./refunds/customer-deactivation";
export { collectedRevenue } from "./revenue";
export { loadTaxDocument, taxDocumentPdfResponse } from "./tax-documents/tax-document-pages";
export {
  creditChargeFall,
  invoiceConfirmedOnAccount,
  issueInvoiceIfDue,
  listTaxDocumentsIssued,
} from "./tax-documents/tax-documents";
export { recordPayment } from "./record-payment";
