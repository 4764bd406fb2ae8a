import "server-only";
import { getEnv } from "@/env";
import { fromAddressOf } from "../domain/sender";

/** The address emails are sent from (EMAIL_FROM's), for the settings screen to name. */
export const emailSenderAddress = (): string => fromAddressOf(getEnv().EMAIL_FROM);
