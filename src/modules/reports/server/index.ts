// The module's public server surface: other modules and the app import from here only (ADR 0016).
export * from "./aggregates";
export * from "./ledger";
export * from "./report-tables";
export * from "./reports-page";
export * from "./reports-csv";
export * from "./board";
export * from "./analytics";
export * from "./analytics-page";
export * from "./tax-documents-csv";
