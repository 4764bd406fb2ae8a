// The module's public server surface: other modules and the app import from here only (ADR 0016).
export { type Settings, findSettings, getPublicSettings, getSettingsOrThrow } from "./queries";
export { saveSettingsSection } from "./admin-settings";
