// The module's public server surface: other modules and the app import from here only (ADR 0016).
export {
  bookingsByStatus,
  customerTypes,
  revenueReport,
  servicesReport,
  teamJobs,
  topCustomers,
  travelZones,
  vehicleSizesReport,
} from "./aggregates";
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
export { type LedgerTable, reportTable, teamUtilisation } from "./report-tables";
export { reportCsvResponse } from "./reports-csv";
export { REPORT_TABS, getReportsPage, loadReportsPage } from "./reports-page";
export { taxDocumentsCsvResponse } from "./tax-documents-csv";
