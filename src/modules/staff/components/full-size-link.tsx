import type { ReactNode } from "react";

/** A photo's thumbnail that opens the photo full size in a new tab (private: sent with the session). */
export function FullSizeLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="block rounded-control focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
    >
      {children}
      <span className="sr-only"> (opens full size in a new tab)</span>
    </a>
  );
}
