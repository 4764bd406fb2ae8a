// The module's public server surface: other modules and the app import from here only (ADR 0016).
export {
  type AdminServiceRow,
  type ServiceFilters,
  getServiceForAdmin,
  listCategoriesForAdmin,
  listServicesForAdmin,
  listVehicleSizesForAdmin,
} from "./admin-queries";
export { serveUpload, serviceImageHandler } from "./image-http";
export { getPostcodeCheck, getPublicCatalogue, getVehicleSizeChoices } from "./queries";
export { listActiveZones } from "./zones";
export { type StoredIllustration, attachServiceIllustration, storeServiceIllustration } from "./services";
