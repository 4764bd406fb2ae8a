import { getPriceMatrix } from "../server/prices";
import { PriceGrid } from "./price-grid";

/** One service's row of the matrix, on its edit page (vehicle sizes as rows). */
export async function ServicePrices({ serviceId, currency }: { serviceId: string; currency: string }) {
  return <PriceGrid matrix={await getPriceMatrix({ serviceId })} currency={currency} compact />;
}
