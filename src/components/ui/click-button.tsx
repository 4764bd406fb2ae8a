"use client";

import { ButtonElement, type ButtonProps } from "./button-element";
import { useHydrated } from "./use-hydrated";

/**
 * A button whose whole behaviour is its click handler. Until the page's scripts have run that handler
 * is not attached and a press would be lost without a word (on a slow phone, seconds), so the button
 * is disabled until then — it says "not yet" instead of doing nothing.
 */
export function ClickButton({ disabled, ...rest }: ButtonProps) {
  const hydrated = useHydrated();
  return <ButtonElement disabled={disabled || !hydrated} {...rest} />;
}
