import { useState } from "react";
import { Ban, Check, Copy, Download, ExternalLink, Mail, Pencil, Send, Trash2 } from "lucide-react";
import { canDo } from "@shared/invoice-actions";
import type { InvoiceDetailResponse } from "@shared/invoice-actions";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-request";
import { useInvoiceAction } from "../api";
import { ConfirmButton } from "./confirm-button";
import { EditInvoiceDialog } from "./edit-invoice-dialog";
import { MarkPaidDialog } from "./mark-paid-dialog";

type Action = Parameters<typeof useInvoiceAction>[1];

/** Runs one action with its toasts. */
function useRun(id: string, action: Action, done: string, failed: string) {
  const mutation = useInvoiceAction(id, action);
  const run = (body?: object, after?: () => void) =>
    mutation.mutate(body, {
      onSuccess: () => {
        toast({ title: "Done", description: done });
        after?.();
      },
      onError: (error) => toast({ title: "Error", description: errorMessage(error, failed), variant: "destructive" }),
    });
  return { run, pending: mutation.isPending };
}

/** What the owner can do with the invoice in its status; refused actions are not offered. */
export function InvoiceActions({ invoice, onClose }: { invoice: InvoiceDetailResponse; onClose: () => void }) {
  const { id, status, invoiceNumber: number } = invoice;
  const [editing, setEditing] = useState(false);
  const [markingPaid, setMarkingPaid] = useState(false);
  const send = useRun(
    id,
    "send",
    `Invoice ${number} was e-mailed to ${invoice.clientEmail ?? "the client"}.`,
    "Failed to send the invoice",
  );
  const markSent = useRun(
    id,
    "mark-sent",
    `Invoice ${number} is marked as sent.`,
    "Failed to mark the invoice as sent",
  );
  const cancel = useRun(id, "cancel", `Invoice ${number} is cancelled.`, "Failed to cancel the invoice");
  const duplicate = useRun(
    id,
    "duplicate",
    `A copy of ${number} was saved as a draft.`,
    "Failed to duplicate the invoice",
  );
  const remove = useRun(id, "delete", `Draft ${number} was deleted.`, "Failed to delete the invoice");
  const reminders = useRun(id, "update", "Reminder settings saved.", "Failed to change reminders");
  const publicUrl = `${window.location.origin}${invoice.publicPath}`;
  const open = status !== "paid" && status !== "cancelled";

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(publicUrl);
      toast({ title: "Link copied", description: "Anyone with this link can view and pay the invoice." });
    } catch {
      toast({ title: "Copy failed", description: publicUrl });
    }
  }

  return (
    <div className="grid gap-3 print:hidden">
      <div className="flex flex-wrap gap-2">
        {canDo("edit", status) && (
          <Button type="button" variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" /> Edit
          </Button>
        )}
        {canDo("send", status) && (
          <Button type="button" size="sm" disabled={send.pending} onClick={() => send.run()}>
            <Mail aria-hidden="true" /> {status === "draft" ? "Send" : "Send again"}
          </Button>
        )}
        {canDo("mark-sent", status) && (
          <Button type="button" variant="outline" size="sm" disabled={markSent.pending} onClick={() => markSent.run()}>
            <Send aria-hidden="true" /> Mark as sent
          </Button>
        )}
        {canDo("mark-paid", status) && (
          <Button type="button" variant="outline" size="sm" onClick={() => setMarkingPaid(true)}>
            <Check aria-hidden="true" /> Mark as paid
          </Button>
        )}
        {canDo("cancel", status) && (
          <ConfirmButton
            label={
              <>
                <Ban aria-hidden="true" /> Cancel invoice
              </>
            }
            title={`Cancel invoice ${number}?`}
            description="The invoice stays on record as cancelled; it can no longer be edited, sent or paid."
            confirmLabel="Cancel invoice"
            disabled={cancel.pending}
            onConfirm={() => cancel.run()}
          />
        )}
        {canDo("delete", status) && (
          <ConfirmButton
            label={
              <>
                <Trash2 aria-hidden="true" /> Delete draft
              </>
            }
            title={`Delete draft ${number}?`}
            description="The draft and its lines are removed for good."
            confirmLabel="Delete draft"
            disabled={remove.pending}
            onConfirm={() => remove.run(undefined, onClose)}
          />
        )}
        <Button type="button" variant="outline" size="sm" disabled={duplicate.pending} onClick={() => duplicate.run()}>
          <Copy aria-hidden="true" /> Duplicate
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={`/api/invoices/${id}/pdf`} download>
            <Download aria-hidden="true" /> Download PDF
          </a>
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => void copyLink()}>
          <Copy aria-hidden="true" /> Copy link
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={invoice.publicPath} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" /> Open public page
          </a>
        </Button>
      </div>
      {open && (
        <div className="flex items-center gap-2">
          <Switch
            id={`reminders-${id}`}
            checked={invoice.remindersEnabled}
            disabled={reminders.pending}
            onCheckedChange={(checked) => reminders.run({ remindersEnabled: checked })}
          />
          <Label htmlFor={`reminders-${id}`}>E-mail reminders (3 days before, 1 and 7 days after the due date)</Label>
        </div>
      )}
      <EditInvoiceDialog invoice={invoice} open={editing} onOpenChange={setEditing} />
      <MarkPaidDialog invoiceId={id} number={number} open={markingPaid} onOpenChange={setMarkingPaid} />
    </div>
  );
}
