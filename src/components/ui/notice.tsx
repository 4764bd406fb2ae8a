import type { ReactNode } from "react";

const STYLES = {
  success: "border-success/30 bg-success-soft text-success",
  error: "border-danger/30 bg-danger-soft text-danger",
  warning: "border-warning/30 bg-warning-soft text-warning",
  /** A plain fact with no good or bad in it ("This checkout was cancelled."). */
  neutral: "border-line bg-canvas text-ink",
} as const;

/**
 * An inline message a person must read. Errors are announced as alerts, the others as status; the
 * colour is never the only signal (the text says what happened). `block`: a message of paragraphs or a
 * list (a div, since a paragraph can't hold them).
 */
export function Notice({
  kind,
  children,
  className = "",
  block = false,
}: {
  kind: keyof typeof STYLES;
  children: ReactNode;
  className?: string;
  block?: boolean;
}) {
  const Tag = block ? "div" : "p";
  return (
    <Tag
      role={kind === "error" ? "alert" : "status"}
      className={`rounded-control border px-3 py-2 text-sm ${STYLES[kind]} ${className}`}
    >
      {children}
    </Tag>
  );
}
