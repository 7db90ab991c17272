import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { digitalTaxContract, DigitalTaxRatesInput } from "@shared/digital-tax";
import type { storeContract, StoreListingInput } from "@shared/store";
import { digitalTaxApi, storeApi, storeFiles, storeSalesApi } from "@shared/store.api";
import type { storeSalesContract } from "@shared/store-sales";
import { pathParts } from "@shared/api-route";
import type { royaltyCatalogueContract } from "@shared/royalty-catalogue";
import { royaltyCatalogueApi } from "@shared/royalty-catalogue.api";
import { apiClient } from "@/lib/api-client";

const api = apiClient<typeof storeContract>(storeApi);

/** Published releases; `q` searches title, artist and genre. */
export function useStoreReleases(q: string) {
  return useQuery({
    ...api.listReleases.query({ query: { q: q.trim() || undefined } }),
    placeholderData: keepPreviousData,
  });
}

export function useStoreRelease(id: string) {
  return useQuery(api.getRelease.query({ params: { id } }));
}

export function useDownload(token: string) {
  return useQuery(api.getDownload.query({ params: { token } }));
}

/** The zip of a download in one format. */
export function zipPath(token: string, format: string): string {
  return pathParts(storeFiles.zip.path, { token, format }).join("/");
}

/** One track's own file (no zip), by its position on the release. */
export function trackPath(token: string, position: number, format: string): string {
  return pathParts(storeFiles.track.path, { token, position: String(position), format }).join("/");
}

/** A release at a named (or its fixed) price, or one of its tracks (`trackId`) at the track price. */
export function usePurchase(releaseId: string) {
  return useMutation({
    mutationFn: (body: { email: string; amount: string } | { email: string; trackId: string }) =>
      api.purchase({ params: { id: releaseId }, body }),
    meta: { errorFallback: "Failed to get the download" },
  });
}

export function useResendDownloads() {
  return useMutation({
    mutationFn: (email: string) => api.resend({ body: { email } }),
    meta: { errorFallback: "Failed to send the links" },
  });
}

/** An administrator's view of a release's sale, refreshed while any track's audio is being made. */
export function useStoreListing(releaseId: string) {
  return useQuery({
    ...api.getListing.query({ params: { id: releaseId } }),
    refetchInterval: (query) =>
      query.state.data?.tracks.some((t) => t.status === "pending" || t.status === "uploading") ? 2000 : false,
  });
}

export function useSaveListing(releaseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreListingInput) => api.putListing({ params: { id: releaseId }, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(api.getListing.key({ params: { id: releaseId } }), answer);
      void queryClient.invalidateQueries({ queryKey: api.listReleases.key() });
    },
    meta: { errorFallback: "Failed to save the sale" },
  });
}

/** Uploads a track's master to its presigned address, then says it is there (the job makes the formats). */
export function useUploadMaster(releaseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ trackId, file }: { trackId: string; file: File }) => {
      const contentType = file.type === "audio/x-flac" || /\.flac$/i.test(file.name) ? "audio/flac" : "audio/wav";
      const { uploadURL } = await api.issueMaster({ params: { id: trackId }, body: { contentType } });
      const res = await fetch(uploadURL, {
        method: "PUT",
        headers: { "Content-Type": contentType },
        body: file,
        credentials: "same-origin",
      });
      if (!res.ok) throw new Error("Upload failed");
      return api.masterUploaded({ params: { id: trackId } });
    },
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: api.getListing.key({ params: { id: releaseId } }) }),
    meta: { errorFallback: "Upload failed" },
  });
}

const catalogue = apiClient<typeof royaltyCatalogueContract>(royaltyCatalogueApi);

/** The catalogue's releases (the royalties' own list), to choose one to sell. */
export function useCatalogueReleases() {
  return useQuery(catalogue.listReleases.query({ query: {} }));
}

export function useRedeemCode() {
  return useMutation({
    mutationFn: (body: { code: string; email: string }) => api.redeem({ body }),
    meta: { errorFallback: "Failed to redeem the code" },
  });
}

export function useCreateCodes(releaseId: string) {
  return useMutation({
    mutationFn: (body: { count: number; batch: string }) => api.createCodes({ params: { id: releaseId }, body }),
    meta: { errorFallback: "Failed to make the codes" },
  });
}

/** The codes' CSV of a release. */
export function codesCsvPath(releaseId: string): string {
  return pathParts(storeFiles.codes.path, { id: releaseId }).join("/");
}

export function useLibrary() {
  return useQuery(api.library.query());
}

const sales = apiClient<typeof storeSalesContract>(storeSalesApi);

/** A release's card sales, for its administrators: amount, Stripe's fee, refunded and refundable. */
export function useStoreSales(releaseId: string) {
  return useQuery(sales.listSales.query({ params: { id: releaseId } }));
}

/**
 * Asks Stripe to refund a sale (all that is left, or `amount` dollars); the webhook records it,
 * so the list is read again now and once more a little later.
 */
export function useRefundSale(releaseId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: sales.listSales.key({ params: { id: releaseId } }) });
  return useMutation({
    mutationFn: ({ purchaseId, amount }: { purchaseId: string; amount?: string }) =>
      sales.refund({ params: { id: purchaseId }, body: amount === undefined ? {} : { amount } }),
    onSuccess: () => {
      refresh();
      setTimeout(refresh, 3000);
    },
    meta: { errorFallback: "Failed to refund" },
  });
}

const digitalTax = apiClient<typeof digitalTaxContract>(digitalTaxApi);

/** The label's tax rates on downloads, by the buyer's country (admin). */
export function useDigitalTaxRates() {
  return useQuery(digitalTax.getRates.query());
}

/** Replaces every country's rate on downloads (a country left out pays none); the answer is the list saved. */
export function useSaveDigitalTaxRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DigitalTaxRatesInput) => digitalTax.putRates({ body }),
    onSuccess: (answer) => queryClient.setQueryData(digitalTax.getRates.key(), answer),
    meta: { errorFallback: "Failed to save the tax rates" },
  });
}
