import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { Toaster } from "@/components/ui/toaster";
import { dismissToast, toast } from "@/hooks/use-toast";

function PaymentDialog({ showCloseButton }: { showCloseButton?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent aria-describedby={undefined} showCloseButton={showCloseButton}>
          <DialogTitle>Book Vendor Slot</DialogTitle>
          <button type="button">Back</button>
        </DialogContent>
      </Dialog>
      <Toaster />
    </>
  );
}

// The modal dialog hides the rest of the page from the accessibility tree, so no role query.
const openToasts = () => document.querySelectorAll('[data-slot="toast"][data-state="open"]');

afterEach(() => act(() => dismissToast()));

describe("Dialog", () => {
  it.each([true, false])(
    "closes on the first Escape even while a toast shows (close button %s)",
    async (showCloseButton) => {
      const user = userEvent.setup();
      render(<PaymentDialog showCloseButton={showCloseButton} />);
      await user.click(screen.getByRole("button", { name: "Back" }));
      act(() => {
        toast({
          title: "Payment Not Available",
          description: "Payment processing is not configured. Please contact support.",
        });
      });
      expect(openToasts()).toHaveLength(1);

      await user.keyboard("{Escape}");

      await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    },
  );

  it("still closes on Escape without a toast", async () => {
    const user = userEvent.setup();
    render(<PaymentDialog />);
    await user.click(screen.getByRole("button", { name: "Back" }));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
