// Factories shared by the seed and the tests (tests/factories re-exports them): one way to make data.
export { buildUser, insertAddress, insertStaff, insertUser, insertVehicle, type UserRow } from "./users";
export { buildSettings, defaultPolicyTexts, insertSettings } from "./settings";
export {
  insertCategory,
  insertPrice,
  insertService,
  insertVehicleSize,
  insertZone,
  limitAddonToCategories,
} from "./catalogue";
export { insertBlock, insertTeam, insertWeeklyHours } from "./scheduling";
export {
  type BookingItemInput,
  defaultAddressSnapshot,
  defaultVehicleSnapshot,
  insertBooking,
  type InsertBookingInput,
} from "./bookings";
