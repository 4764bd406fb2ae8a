// The module's public server surface: other modules and the app import from here only (ADR 0016).
export { changeSeries } from "./change-series";
export { createSeries } from "./create-series";
export { endSeries, pauseSeries } from "./end-series";
export { type ExtendRun, extendSeries } from "./extend-series";
export { holdSeriesDate } from "./hold-series-date";
export { seriesJobs } from "./jobs";
export { planSeries, type PlannedOccurrence, type SeriesPlan } from "./plan";
export {
  type CustomerSeries,
  loadCustomerSeries,
  loadSeriesPanel,
  loadSeriesPanelFor,
  type SeriesPanel,
} from "./series-panel";
