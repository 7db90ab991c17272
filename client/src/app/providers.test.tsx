import { act, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Providers } from "@/app/providers";
import { dismissToast, toast } from "@/hooks/use-toast";
import { createQueryClient } from "@/lib/query-client";

afterEach(() => {
  // The toast store is module-wide; close what a test raised so the next starts empty.
  act(() => dismissToast());
});

describe("Providers", () => {
  it("loads the toast area with the first toast, and shows that toast", async () => {
    render(
      <Providers queryClient={createQueryClient()}>
        <p>page</p>
      </Providers>,
    );
    expect(screen.getByText("page")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: /notifications/i })).not.toBeInTheDocument();

    act(() => {
      toast({ title: "Saved", description: "The settings were saved." });
    });

    const viewport = await screen.findByRole("region", { name: /notifications/i });
    const [item] = await within(viewport).findAllByRole("listitem");
    expect(within(item).getByText("Saved")).toBeInTheDocument();
    expect(within(item).getByText("The settings were saved.")).toBeInTheDocument();
  });
});
