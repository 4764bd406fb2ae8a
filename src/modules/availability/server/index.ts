// The module's public server surface: other modules and the app import from here only (ADR 0016).
export * from "./calendar";
export * from "./holds";
export * from "./hours";
export * from "./reserve";
export * from "./slots";
export * from "./teams";
export * from "./test-hooks";
export * from "./capacity";
export * from "./weather";
