import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/hooks/use-toast";
import { ApiError } from "@/lib/api-request";
import { createQueryClient } from "@/lib/query-client";

vi.mock("@/hooks/use-toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/hooks/use-toast")>()),
  toast: vi.fn(),
}));

afterEach(() => vi.mocked(toast).mockClear());

/** Runs one mutation that fails with `error` through the app's query client, as useMutation would. */
function runFailingMutation(error: unknown, meta?: { ownErrorToast?: boolean; errorFallback?: string }) {
  const client = createQueryClient();
  const mutation = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(error), meta });
  return mutation.execute(undefined).catch(() => undefined);
}

describe("queryClient defaults", () => {
  it("never retries, never refetches on a timer or focus, and never goes stale", () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    });
    // Every read brings its own fetch from its contract (lib/api-client.ts): no key becomes a URL by itself.
    expect(queries?.queryFn).toBeUndefined();
    expect(mutations).toMatchObject({ retry: false });
  });
});

describe("a failed change", () => {
  it("shows the server's message in a red Error toast, with no code written for it", async () => {
    await runFailingMutation(
      new ApiError(409, '409: {"message":"This item is out of stock"}', { serverMessage: "This item is out of stock" }),
    );
    expect(toast).toHaveBeenCalledExactlyOnceWith({
      title: "Error",
      description: "This item is out of stock",
      variant: "destructive",
    });
  });

  it("says something went wrong, never raw text, when the answer has no message", async () => {
    await runFailingMutation(new TypeError("Failed to fetch"));
    expect(toast).toHaveBeenCalledExactlyOnceWith({
      title: "Error",
      description: "Something went wrong. Please try again.",
      variant: "destructive",
    });
  });

  it("says the mutation's own words when the answer has no message, and the server's when it has", async () => {
    const errorFallback = "Failed to purchase tickets";
    await runFailingMutation(new TypeError("Failed to fetch"), { errorFallback });
    await runFailingMutation(new ApiError(409, "409: …", { serverMessage: "Only 2 tickets left" }), { errorFallback });
    expect(vi.mocked(toast).mock.calls.map(([input]) => input.description)).toEqual([
      "Failed to purchase tickets",
      "Only 2 tickets left",
    ]);
  });

  it("leaves the toast to a mutation that shows its own failure", async () => {
    await runFailingMutation(new ApiError(500, "500: oops"), { ownErrorToast: true });
    expect(toast).not.toHaveBeenCalled();
  });
});
