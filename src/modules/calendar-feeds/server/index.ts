// The module's public server surface: other modules and the app import from here only (ADR 0016).
export {
  calendarFeedIcs,
  calendarFeedResponse,
  calendarFeedSlots,
  createCalendarFeed,
  loadCalendarFeedSlots,
  revokeCalendarFeed,
  revokeCalendarFeedsOf,
} from "./calendar-feeds";
export { calendarFileResponse } from "./calendar-http";
