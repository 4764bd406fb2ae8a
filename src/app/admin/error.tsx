"use client";

// Inside this section's layout: its header stays, once (components/layout/segment-error.tsx).
export { SegmentError as default } from "@/components/layout/segment-error";
