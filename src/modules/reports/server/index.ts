// The module's public server surface: other modules and the app import from here only (ADR 0016).
export {
  bookingsByStatus,
  revenueReport,
  servicesReport,
  teamJobs,
  travelZones,
  vehicleSizesReport,
} from "./aggregates";
export { customerTypes, topCustomers } from "./customer-aggregates";
export {
  bookingRates,
  bookingTrend,
  categoryMix,
  leadTimes,
  repeatCustomers,
  weekdayHourHeat,
} from "./analytics";
export { analyticsData, getAnalyticsPage, loadAnalyticsPage } from "./analytics-page";
export { type Board, bookedByDateAndTeam, cancellationsByDate, getBoard, loadBoard } from "./board";
export { ledgerBatches, ledgerEntries, ledgerTotals } from "./ledger";
export { type LedgerTable } from "./ledger-table";
export { reportTable } from "./report-tables";
export { teamUtilisation } from "./team-utilisation";
export { reportCsvResponse } from "./reports-csv";
export { REPORT_TABS, getReportsPage, loadReportsPage } from "./reports-page";
export { taxDocumentsCsvResponse } from "./tax-documents-csv";
