// The module's public server surface: other modules and the app import from here only (ADR 0016).
export { hasUnpaidOnAccount, loadReceivables, loadReceivablesPage, RECEIVABLES_LIMIT } from "./receivables";
export type { Receivable, ReceivablesView } from "./receivables";
