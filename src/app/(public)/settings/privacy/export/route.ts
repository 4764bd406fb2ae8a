import { exportMyDataHandler } from "@/modules/accounts/server";

export const GET = exportMyDataHandler;
