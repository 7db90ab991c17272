import { useQuery } from "@tanstack/react-query";
import type { merchandiseOrderPageContract } from "@shared/merchandise-order-page";
import { merchandiseFulfilmentApi, merchandiseOrderFiles } from "@shared/merchandise-fulfilment.api";
import type { MerchandiseOrderFilter, merchandiseOrdersContract } from "@shared/merchandise-orders";
import { merchandiseOrdersApi } from "@shared/merchandise-orders.api";
import { apiClient, pathOf } from "@/lib/api-client";

const orders = apiClient<typeof merchandiseOrdersContract>(merchandiseOrdersApi);
const orderPage = apiClient<typeof merchandiseOrderPageContract>({ orderPage: merchandiseFulfilmentApi.orderPage });

/** The orders page's list: of one status, matching what was typed. */
export function useMerchandiseOrders(search: { status?: MerchandiseOrderFilter; q?: string }) {
  const query = { status: search.status, q: search.q?.trim() || undefined };
  return useQuery({ ...orders.list.query({ query }), placeholderData: (previous) => previous });
}

export const ordersExportPath = (status?: MerchandiseOrderFilter) =>
  pathOf(merchandiseOrderFiles.export, undefined, { status });

/** The buyer's order by the link's token. */
export function orderPageQuery(token: string) {
  return orderPage.orderPage.query({ params: { token } });
}
