// Shared by server pages (filter forms) and the client `Form` fields, so it lives outside form.tsx
// ("use client" modules can't hand plain functions to server components).

/** The look of every text input, select and textarea; 44 px tall except textareas (add `min-h-11`). */
export const controlClass = (invalid = false) =>
  `mt-1 block w-full rounded-control border bg-surface px-3 text-base shadow-none ${
    invalid ? "border-danger" : "border-line-strong"
  } focus:border-brand`;
