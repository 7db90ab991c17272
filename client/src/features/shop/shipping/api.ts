import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SetShippingRatesInput, SetShippingZonesInput, shippingContract } from "@shared/shipping";
import { shippingApi } from "@shared/shipping.api";
import { apiClient } from "@/lib/api-client";

const shipping = apiClient<typeof shippingContract>(shippingApi);

/** The zones the shop ships to, in order: the checkout's country list, and an item's rates (one per zone). */
export const shippingZonesQuery = shipping.listZones.query();

/** Replaces every shipping zone (admin); the checkout's country list follows. */
export function useSaveShippingZones() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetShippingZonesInput) => shipping.setZones({ body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shipping.listZones.key() }),
  });
}

/** One item's shipping rates, by zone name (admin). */
export const shippingRatesQuery = (id: string) => shipping.listRates.query({ params: { id } });

/** Replaces an item's rates: a zone left out is one the item does not ship to. */
export function useSetShippingRates(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetShippingRatesInput) => shipping.setRates({ params: { id }, body }),
    onSuccess: (rates) => queryClient.setQueryData(shippingRatesQuery(id).queryKey, rates),
  });
}
