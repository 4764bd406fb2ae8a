// The module's public server surface: other modules and the app import from here only (ADR 0016).
export {
  type AdminSlotDay,
  type AdminSlotTeam,
  checkAdminSlot,
  getAdminSlotDay,
  inTheWayMessage,
  listActiveTeams,
  whatIsInTheWay,
} from "./admin-slots";
export {
  MOVABLE_STATUSES,
  jobShapeOf,
  moveBookingAsAdmin,
  moveBookingToHeldTime,
  reassignBookingTeam,
} from "./move-booking";
// How a booking's time is said (lib/day-parts), kept here for the modules that already import it.
export { whenLabel } from "@/lib/day-parts";
export { type BookingMovePanel, getBookingSlotDay, loadBookingMovePanel } from "./move-panel";
