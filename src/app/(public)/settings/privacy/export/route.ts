import { getSessionUser } from "@/server/auth";
import { exportMyData } from "@/modules/accounts/server";

// "Download my data": the signed-in person's own data only, as a JSON file.
export async function GET(request: Request) {
  const user = await getSessionUser(request.headers);
  if (!user) return new Response("Sign in to download your data.", { status: 401 });
  const data = await exportMyData(user);
  const date = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="my-data-${date}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
