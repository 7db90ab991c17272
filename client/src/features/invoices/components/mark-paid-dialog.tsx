import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-request";
import { useInvoiceAction } from "../api";
import { toDateInput } from "../invoice-form";

/** Mark as paid: the day the money arrived (today at first) and an optional note. */
export function MarkPaidDialog({
  invoiceId,
  number,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  invoiceId: string;
  number: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes back to (the menu it was opened from). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const markPaid = useInvoiceAction(invoiceId, "mark-paid");
  const [paidOn, setPaidOn] = useState(() => toDateInput(new Date()));
  const [note, setNote] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    markPaid.mutate(
      { paidOn, note },
      {
        onSuccess: () => {
          toast({ title: "Marked as paid", description: `Invoice ${number} is paid.` });
          onOpenChange(false);
        },
        onError: (error) =>
          toast({
            title: "Error",
            description: errorMessage(error, "Failed to mark the invoice as paid"),
            variant: "destructive",
          }),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Mark as paid</DialogTitle>
          <DialogDescription>When did invoice {number} get paid?</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="paid-on">Paid on</Label>
            <Input id="paid-on" type="date" required value={paidOn} onChange={(e) => setPaidOn(e.target.value)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="paid-note">Note (optional)</Label>
            <Textarea
              id="paid-note"
              maxLength={1000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              placeholder="Bank transfer, reference 1234"
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={markPaid.isPending}>
              {markPaid.isPending ? "Saving..." : "Mark as paid"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
