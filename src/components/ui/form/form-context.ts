"use client";

import { createContext } from "react";

/** What the fields of a `Form` need from it: their server-side errors, and whether it is submitting. */
export type FormState = { fieldErrors: Record<string, string[]>; pending: boolean };
export const FormContext = createContext<FormState>({ fieldErrors: {}, pending: false });
