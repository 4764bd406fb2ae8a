import { changePasswordHandler } from "@/modules/accounts/server";

export const POST = changePasswordHandler;
