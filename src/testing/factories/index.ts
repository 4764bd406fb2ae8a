// Factories shared by the seed and the tests (tests/factories re-exports them): one way to make data.
export * from "./users";
export * from "./settings";
export * from "./catalogue";
export * from "./scheduling";
export * from "./bookings";
