// The module's public server surface: other modules and the app import from here only (ADR 0016).
export * from "./queries";
export * from "./test-hooks";
export * from "./admin-settings";
