import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  invoiceEmailDefaults,
  MAX_EMAIL_MESSAGE,
  MAX_EMAIL_SUBJECT,
  NO_CLIENT_EMAIL_MESSAGE,
  sendInvoiceSchema,
  type InvoiceDetail,
} from "@shared/invoice-actions";
import { TextAreaField } from "@/components/form-fields/text-area-field";
import { TextField } from "@/components/form-fields/text-field";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { toast } from "@/hooks/use-toast";
import { showFieldErrors } from "@/lib/form-errors";
import { useInvoiceAction } from "../api";

/** Both parts are needed here; the API alone may leave either out for its default. */
const previewSchema = sendInvoiceSchema.required();

/**
 * Send (and Send again): the e-mail as the client will get it, its subject and message
 * editable, before anything goes out. The PDF and the invoice's link come with it.
 */
export function SendInvoiceDialog({
  invoice,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  invoice: InvoiceDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const again = invoice.status !== "draft";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>
            {again ? `Send invoice ${invoice.invoiceNumber} again` : `Send invoice ${invoice.invoiceNumber}`}
          </DialogTitle>
          <DialogDescription>
            {invoice.clientEmail
              ? `To ${invoice.clientEmail}, from ${invoice.companyName?.trim() || invoice.issuerName}. The PDF is attached, with a button to ${invoice.cardPayments ? "view and pay the invoice online" : "view the invoice online"}.`
              : NO_CLIENT_EMAIL_MESSAGE}
          </DialogDescription>
        </DialogHeader>
        {open && <SendForm invoice={invoice} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function SendForm({ invoice, onDone }: { invoice: InvoiceDetail; onDone: () => void }) {
  const send = useInvoiceAction(invoice.id, "send");
  const [defaults] = useState(() =>
    invoiceEmailDefaults({ ...invoice, payOnline: invoice.cardPayments, timeZone: invoice.timeZone }),
  );
  const form = useForm({ resolver: zodResolver(previewSchema), defaultValues: defaults });

  function submit(body: { subject: string; message: string }) {
    send.mutate(body, {
      onSuccess: () => {
        toast({
          title: "Done",
          description: `Invoice ${invoice.invoiceNumber} was e-mailed to ${invoice.clientEmail}.`,
        });
        onDone();
      },
      // The default toast gives the server's reason (a refusal, too many sends); a 400's fields go beside them.
      onError: (error) => showFieldErrors(form, error),
    });
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-4">
        <TextField control={form.control} name="subject" label="Subject" maxLength={MAX_EMAIL_SUBJECT} />
        <TextAreaField control={form.control} name="message" label="Message" rows={9} />
        <p className="text-sm text-muted-foreground">
          The subject starts with the invoice number: &ldquo;{invoice.invoiceNumber} — &hellip;&rdquo;. Plain text, up
          to {MAX_EMAIL_MESSAGE.toLocaleString("en-US")} characters. Replies reach you at your sign-in e-mail address.
        </p>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending || !invoice.clientEmail}>
            {send.isPending ? "Sending..." : "Send"}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
