import type { ReactNode, Ref } from "react";
import {
  Ban,
  Check,
  ChevronDown,
  Copy,
  Download,
  ExternalLink,
  Link2,
  Mail,
  Pencil,
  Printer,
  Send,
  Trash2,
} from "lucide-react";
import { canDo } from "@shared/invoice-actions";
import type { InvoiceDetail } from "@shared/invoice-actions";
import { invoiceFiles } from "@shared/invoices.api";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { pathOf } from "@/lib/api-client";

/** What the menu asks its owner to do; the dialogs and requests live with InvoiceActions. */
export type MenuChoice = "edit" | "send" | "mark-sent" | "mark-paid" | "duplicate" | "copy-link" | "cancel" | "delete";

/** The primary action of each status (Send a draft, Mark as paid once sent); everything else is here. */
export function primaryAction(status: InvoiceDetail["status"]): "send" | "mark-paid" | "download" {
  if (status === "draft") return "send";
  return canDo("mark-paid", status) ? "mark-paid" : "download";
}

function Item({ icon, children, onSelect }: { icon: ReactNode; children: ReactNode; onSelect: () => void }) {
  return (
    <DropdownMenuItem onSelect={onSelect}>
      {icon}
      {children}
    </DropdownMenuItem>
  );
}

/**
 * "More": every action the status allows besides the primary one, the everyday ones first;
 * the destructive ones last, apart below a separator and in red. Links to share appear only
 * once the invoice is sent (a draft has none).
 */
export function InvoiceMoreMenu({
  invoice,
  triggerRef,
  onChoose,
}: {
  invoice: InvoiceDetail;
  triggerRef: Ref<HTMLButtonElement>;
  onChoose: (choice: MenuChoice) => void;
}) {
  const { status, id, publicPath } = invoice;
  const primary = primaryAction(status);
  const destructive = canDo("cancel", status) || canDo("delete", status);
  return (
    // Not modal: a dialog opened from an item takes the focus and the pointer at once.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button ref={triggerRef} type="button" variant="outline">
          More
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" collisionPadding={12} className="min-w-52">
        {canDo("edit", status) && (
          <Item icon={<Pencil aria-hidden="true" />} onSelect={() => onChoose("edit")}>
            Edit
          </Item>
        )}
        {primary !== "send" && canDo("send", status) && (
          <Item icon={<Mail aria-hidden="true" />} onSelect={() => onChoose("send")}>
            Send again
          </Item>
        )}
        {canDo("mark-sent", status) && (
          <Item icon={<Send aria-hidden="true" />} onSelect={() => onChoose("mark-sent")}>
            Mark as sent
          </Item>
        )}
        {primary !== "mark-paid" && canDo("mark-paid", status) && (
          <Item icon={<Check aria-hidden="true" />} onSelect={() => onChoose("mark-paid")}>
            Mark as paid
          </Item>
        )}
        <Item icon={<Copy aria-hidden="true" />} onSelect={() => onChoose("duplicate")}>
          Duplicate
        </Item>
        {primary !== "download" && (
          <DropdownMenuItem asChild>
            <a href={pathOf(invoiceFiles.pdf, { id })} download>
              <Download aria-hidden="true" />
              Download PDF
            </a>
          </DropdownMenuItem>
        )}
        <Item icon={<Printer aria-hidden="true" />} onSelect={() => window.print()}>
          Print
        </Item>
        {publicPath && (
          <>
            <Item icon={<Link2 aria-hidden="true" />} onSelect={() => onChoose("copy-link")}>
              Copy link
            </Item>
            <DropdownMenuItem asChild>
              <a href={publicPath} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" />
                Open public page
              </a>
            </DropdownMenuItem>
          </>
        )}
        {destructive && <DropdownMenuSeparator />}
        {canDo("cancel", status) && (
          <DropdownMenuItem variant="destructive" onSelect={() => onChoose("cancel")}>
            <Ban aria-hidden="true" />
            Cancel invoice
          </DropdownMenuItem>
        )}
        {canDo("delete", status) && (
          <DropdownMenuItem variant="destructive" onSelect={() => onChoose("delete")}>
            <Trash2 aria-hidden="true" />
            Delete draft
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
