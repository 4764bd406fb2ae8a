// The module's public server surface: other modules and the app import from here only (ADR 0016).
export * from "./admin-queries";
export * from "./image-http";
export * from "./queries";
export { attachServiceIllustration, storeServiceIllustration, type StoredIllustration } from "./services";
