import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { pathParts } from "@shared/api-route";
import type { AssignCode, ImportResult, royaltyImportsContract } from "@shared/royalty-imports";
import type { royaltyCatalogueContract } from "@shared/royalty-catalogue";
import { royaltyCatalogueApi } from "@shared/royalty-catalogue.api";
import { royaltyImportsApi } from "@shared/royalty-imports.api";
import { apiClient } from "@/lib/api-client";
import { ApiError, throwIfResNotOk } from "@/lib/api-request";

// `create` is multipart, sent by uploadRoyaltyReport below; the JSON calls are the others.
const api = apiClient<typeof royaltyImportsContract>(royaltyImportsApi);
// The assign dialog picks a track or release from the catalogue's own search.
const catalogue = apiClient<typeof royaltyCatalogueContract>(royaltyCatalogueApi);

const POLL_MS = 1000;

/** The imports, polled every second while one is still processing. */
export function useRoyaltyImports() {
  return useQuery({
    ...api.list.query(),
    refetchInterval: (query) => (query.state.data?.some((i) => i.status === "processing") ? POLL_MS : false),
  });
}

export function useUnmatchedCodes() {
  return useQuery(api.unmatchedCodes.query());
}

/** Assigns a code: its lines leave the unmatched codes and their imports' unmatched counts. */
export function useAssignCode() {
  const refresh = useRefreshAfterImport();
  return useMutation({
    mutationFn: (body: AssignCode) => api.assign({ body }),
    onSuccess: refresh,
  });
}

/**
 * Uploads a report as multipart (the JSON client cannot): `rates` first, as the server requires,
 * then the file. XHR rather than fetch, for the upload's progress.
 */
export function uploadRoyaltyReport(
  file: File,
  rates: Record<string, string>,
  onProgress: (sent: number, total: number) => void,
): Promise<ImportResult> {
  const form = new FormData();
  if (Object.keys(rates).length > 0) form.append("rates", JSON.stringify(rates));
  form.append("file", file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(royaltyImportsApi.create.method, pathParts(royaltyImportsApi.create.path).join("/"));
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.total);
    xhr.onerror = () => reject(new ApiError(0, "The upload did not reach the server; check the connection"));
    xhr.onload = () => {
      const response = new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText });
      throwIfResNotOk(response).then(() => resolve(JSON.parse(xhr.responseText) as ImportResult), reject);
    };
    xhr.send(form);
  });
}

/** Removes an import (409 in words when a closed period counts it); the list and the unmatched codes change. */
export function useRemoveImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.remove({ params: { id } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: api.list.key() }),
        queryClient.invalidateQueries({ queryKey: api.unmatchedCodes.key().slice(0, 1) }),
      ]),
  });
}

/** After an upload or an assignment: the imports' counts and the unmatched codes change. */
export function useRefreshAfterImport() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: api.list.key() }),
      queryClient.invalidateQueries({ queryKey: api.unmatchedCodes.key().slice(0, 1) }),
    ]);
}

/** The catalogue's releases (with their tracks) matching what was typed (at least two characters). */
export function useCatalogueSearch(q: string) {
  const term = q.trim();
  return useQuery({ ...catalogue.listReleases.query({ query: { q: term } }), enabled: term.length >= 2 });
}
