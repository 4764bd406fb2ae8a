// The module's public server surface: other modules and the app import from here only (ADR 0016).
export { loadAdminMoneyPanel } from "./admin-money-view";
export { bookingLedger, loadBookingAdjustments, loadBookingLedger } from "./booking-ledger";
export { startCheckout } from "./checkout";
export { loadMyCancelOffer } from "./customer-cancel";
export { deactivateCustomerAndCancel } from "./customer-deactivation";
export { customerMoney, loadCustomerMoney } from "./customer-payments";
export { paymentJobs } from "./jobs";
export { BALANCE_PAYABLE } from "./payment-link";
export { loadPaymentProviderStatus } from "./provider-status";
export { activeProviderName } from "./registry";
export { loadBookingResult, resultPayments } from "./result-page";
export { collectedRevenue } from "./revenue";
export { loadTaxDocument, taxDocumentPdfResponse } from "./tax-document-pages";
export { creditChargeFall, listTaxDocumentsIssued } from "./tax-documents";
export { handleWebhookRequest } from "./webhook-http";
