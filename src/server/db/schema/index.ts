export * from "./enums";
export * from "./auth";
export * from "./customers";
export * from "./catalogue";
export * from "./scheduling";
export * from "./bookings";
export * from "./payments";
export * from "./platform";
