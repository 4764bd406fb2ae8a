// The module's public server surface: other modules and the app import from here only (ADR 0016).
export { getCalendar, parseCalendarParams } from "./calendar";
export { type ScheduleTeam, loadScheduleCapacity } from "./capacity";
export {
  type ExpiredHolds,
  type HoldExpiry,
  type HoldWindow,
  extendRequestHold,
  publishScheduleFreed,
  releaseRequestHold,
  releaseRescheduleHolds,
  spanOf,
} from "./holds";
export { type HolidayDay, type HolidaySchedule, getHolidaySchedule } from "./holidays";
export { getWeeklyHours, listOverrides, listPastOverrides } from "./hours-queries";
export { RESERVE_LOCK_NAMESPACE, reserve } from "./reserve";
export {
  type JobShape,
  getDaySlots,
  getWorkingDayLimits,
  jobPartsAt,
  jobOfQuote,
  loadWorkingDayLimits,
  loadHeld,
  loadSlotContext,
  slotQuery,
} from "./slots";
export { createTeam, listTeamsForAdmin, setTeamActive } from "./teams";
export {
  type WeatherDayRow,
  findWeatherDay,
  insertWeatherDay,
  liftWeatherDayClosure,
  listWeatherDayRows,
  loadClosures,
} from "./weather";
