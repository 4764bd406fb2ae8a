import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Join class names; a later Tailwind class wins over an earlier one of the same kind (`px-3` then `px-5`). */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
