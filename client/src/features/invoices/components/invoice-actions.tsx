import { useRef, useState, type ReactNode } from "react";
import { Check, Download, Mail } from "lucide-react";
import type { InvoiceDetail } from "@shared/invoice-actions";
import { invoiceFiles } from "@shared/invoices.api";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/hooks/use-toast";
import { pathOf } from "@/lib/api-client";
import { useInvoiceAction, type InvoiceAction, type InvoiceActionBody } from "../api";
import { ConfirmDialog } from "./confirm-dialog";
import { EditInvoiceDialog } from "./edit-invoice-dialog";
import { InvoiceMoreMenu, primaryAction, type MenuChoice } from "./invoice-more-menu";
import { MarkPaidDialog } from "./mark-paid-dialog";
import { SendInvoiceDialog } from "./send-invoice-dialog";

type Opened = "edit" | "send" | "mark-paid" | "cancel" | "delete" | null;

/** Runs one action and says it is done; a refusal is the default toast with the server's reason. */
function useRun<A extends InvoiceAction>(id: string, action: A, done: string) {
  const mutation = useInvoiceAction(id, action);
  // One signature for every action (TanStack types a void body's call apart).
  const mutate = mutation.mutate as (body: InvoiceActionBody<A>, options: { onSuccess: () => void }) => void;
  const run = (body: InvoiceActionBody<A>, after?: () => void) =>
    mutate(body, {
      onSuccess: () => {
        toast({ title: "Done", description: done });
        after?.();
      },
    });
  return { run, pending: mutation.isPending };
}

/**
 * What the owner can do with the invoice in its status: one primary action (Send a draft,
 * Mark as paid once sent, Download PDF once settled) and "More" for the rest; refused actions
 * are not offered. A dialog opened from the menu gives the focus back to "More" when it closes.
 */
export function InvoiceActions({
  invoice,
  onClose,
  aside,
}: {
  invoice: InvoiceDetail;
  onClose: () => void;
  /** At the end of the actions' row (the dialog's Close). */
  aside?: ReactNode;
}) {
  const { id, status, invoiceNumber: number } = invoice;
  const [opened, setOpened] = useState<Opened>(null);
  const more = useRef<HTMLButtonElement>(null);
  const [fromMenu, setFromMenu] = useState(false);
  const markSent = useRun(id, "mark-sent", `Invoice ${number} is marked as sent.`);
  const cancel = useRun(id, "cancel", `Invoice ${number} is cancelled.`);
  const duplicate = useRun(id, "duplicate", `A copy of ${number} was saved as a draft.`);
  const remove = useRun(id, "delete", `Draft ${number} was deleted.`);
  const reminders = useRun(id, "update", "Reminder settings saved.");
  const primary = primaryAction(status);
  const open = status !== "paid" && status !== "cancelled";

  const dialog = (name: Exclude<Opened, null>) => ({
    open: opened === name,
    onOpenChange: (isOpen: boolean) => setOpened(isOpen ? name : null),
    onCloseAutoFocus: (event: Event) => {
      if (!fromMenu) return;
      event.preventDefault();
      more.current?.focus();
    },
  });
  const openDialog = (name: Exclude<Opened, null>, viaMenu: boolean) => {
    setFromMenu(viaMenu);
    setOpened(name);
  };

  async function copyLink() {
    const url = `${window.location.origin}${invoice.publicPath}`;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied", description: "Anyone with this link can view and pay the invoice." });
    } catch {
      toast({ title: "Copy failed", description: url });
    }
  }

  function choose(choice: MenuChoice) {
    if (choice === "mark-sent") markSent.run(undefined);
    else if (choice === "duplicate") duplicate.run(undefined);
    else if (choice === "copy-link") void copyLink();
    else openDialog(choice, true);
  }

  return (
    <div className="grid gap-3 print:hidden">
      <div className="flex flex-wrap gap-2">
        {primary === "send" && (
          <Button type="button" onClick={() => openDialog("send", false)}>
            <Mail aria-hidden="true" /> Send
          </Button>
        )}
        {primary === "mark-paid" && (
          <Button type="button" onClick={() => openDialog("mark-paid", false)}>
            <Check aria-hidden="true" /> Mark as paid
          </Button>
        )}
        {primary === "download" && (
          <Button asChild>
            <a href={pathOf(invoiceFiles.pdf, { id })} download>
              <Download aria-hidden="true" /> Download PDF
            </a>
          </Button>
        )}
        <InvoiceMoreMenu invoice={invoice} triggerRef={more} onChoose={choose} />
        {aside && <div className="ml-auto">{aside}</div>}
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
      <SendInvoiceDialog invoice={invoice} {...dialog("send")} />
      <EditInvoiceDialog invoice={invoice} {...dialog("edit")} />
      <MarkPaidDialog invoiceId={id} number={number} {...dialog("mark-paid")} />
      <ConfirmDialog
        {...dialog("cancel")}
        title={`Cancel invoice ${number}?`}
        description="The invoice stays on record as cancelled; it can no longer be edited, sent or paid."
        confirmLabel="Cancel invoice"
        onConfirm={() => !cancel.pending && cancel.run(undefined)}
      />
      <ConfirmDialog
        {...dialog("delete")}
        title={`Delete draft ${number}?`}
        description="The draft and its lines are removed for good."
        confirmLabel="Delete draft"
        onConfirm={() => !remove.pending && remove.run(undefined, onClose)}
      />
    </div>
  );
}
