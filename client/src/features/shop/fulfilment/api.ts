import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ApproveReturn,
  CreateFulfilment,
  merchandiseFulfilmentContract,
  RefundUnshipped,
  RejectReturn,
  RequestReturn,
} from "@shared/merchandise-fulfilment";
import { merchandiseFulfilmentApi, merchandiseOrderFiles } from "@shared/merchandise-fulfilment.api";
import type { merchandiseOrdersContract } from "@shared/merchandise-orders";
import { merchandiseOrdersApi } from "@shared/merchandise-orders.api";
import { apiClient, pathOf } from "@/lib/api-client";

const { get, ship, approveReturn, rejectReturn, cancel, refundUnshipped, requestReturn } = merchandiseFulfilmentApi;
const api = apiClient<typeof merchandiseFulfilmentContract>({
  get,
  ship,
  approveReturn,
  rejectReturn,
  cancel,
  refundUnshipped,
  requestReturn,
});
const orders = apiClient<typeof merchandiseOrdersContract>(merchandiseOrdersApi);

export function useMerchandiseOrder(id: string | null) {
  return useQuery({ ...api.get.query({ params: { id: id ?? "" } }), enabled: id !== null });
}

/** A change to one order refreshes it and every list of orders (statuses move between filters). */
function useRefreshOrders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: orders.list.key() });
}

export function useShipOrder(id: string) {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (body: CreateFulfilment) => api.ship({ params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useApproveReturn(id: string) {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (body: ApproveReturn) => api.approveReturn({ params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useRejectReturn(id: string) {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: ({ returnId, ...body }: RejectReturn & { returnId: string }) =>
      api.rejectReturn({ params: { id, returnId }, body }),
    onSuccess: refresh,
  });
}

export function useCancelOrder(id: string) {
  const refresh = useRefreshOrders();
  return useMutation({ mutationFn: () => api.cancel({ params: { id } }), onSuccess: refresh });
}

/** Refunds units that will not ship (and restocks them if asked). */
export function useRefundUnshipped(id: string) {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (body: RefundUnshipped) => api.refundUnshipped({ params: { id }, body }),
    onSuccess: refresh,
  });
}

/** The buyer's return request, by the signed token of the order's link. */
export function useRequestReturn(token: string) {
  return useMutation({ mutationFn: (body: RequestReturn) => api.requestReturn({ params: { token }, body }) });
}

export const packingSlipPath = (id: string) => pathOf(merchandiseOrderFiles.packingSlip, { id });
