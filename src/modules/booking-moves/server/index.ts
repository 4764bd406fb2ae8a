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
  whenLabel,
} from "./move-booking";
export { type BookingMovePanel, getBookingSlotDay, loadBookingMovePanel } from "./move-panel";
