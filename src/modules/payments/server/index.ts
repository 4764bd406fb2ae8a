// The module's public server surface: other modules and the app import from here only (ADR 0016).
export * from "./checkout";
export * from "./registry";
export * from "./result-page";
export * from "./webhook-http";
export * from "./booking-ledger";
export * from "./phone-payment";
export * from "./revenue";
export * from "./admin-money";
export * from "./admin-money-view";
export * from "./payment-link";
export * from "./provider-status";
export * from "./customer-cancel";
export * from "./jobs";
export * from "./customer-payments";
export * from "./customer-deactivation";
export * from "./tax-documents";
