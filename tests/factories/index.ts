// The factories live in src/testing/factories because the first start seeds through them; tests use
// the very same ones (docs/decisions/0004-factories-in-src.md).
export * from "@/testing/factories";
