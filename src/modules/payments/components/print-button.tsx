"use client";

import { Printer } from "lucide-react";
import { Button } from "@/components/ui/button";

/** Opens the browser's print dialog (the receipt has a print stylesheet: only the receipt is printed). */
export function PrintButton({ children }: { children: React.ReactNode }) {
  return (
    <Button variant="primary" onClick={() => window.print()}>
      <Printer aria-hidden="true" className="size-4" />
      {children}
    </Button>
  );
}
