import { describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/query-client";

describe("queryClient defaults", () => {
  it("never retries, never refetches on a timer or focus, and never goes stale", () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    });
    expect(typeof queries?.queryFn).toBe("function");
    expect(mutations).toMatchObject({ retry: false });
  });
});
