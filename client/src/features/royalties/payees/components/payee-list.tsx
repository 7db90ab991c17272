import { Pencil } from "lucide-react";
import type { Payee } from "@shared/royalty-catalogue";
import { EmptyList } from "@/components/management";
import { Button } from "@/components/ui/button";
import { formatPercent } from "@shared/formats";

/** The payees: name (opens their splits and advances), e-mail, artist name and platform share. */
export function PayeeList({
  payees,
  searching,
  onOpen,
  onEdit,
}: {
  payees: Payee[];
  searching: boolean;
  onOpen: (payee: Payee) => void;
  onEdit: (payee: Payee) => void;
}) {
  if (payees.length === 0)
    return <EmptyList>{searching ? <p>No payee matches this search.</p> : <p>No payees yet</p>}</EmptyList>;
  return (
    <ul className="grid gap-3" aria-label="Payees">
      {payees.map((payee) => (
        <li key={payee.id} className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:flex-row sm:items-center">
          <div className="min-w-0 flex-1">
            <button
              type="button"
              className="max-w-full truncate rounded-sm text-left font-semibold underline decoration-muted-foreground/50 underline-offset-4 hover:decoration-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              onClick={() => onOpen(payee)}
            >
              {payee.name}
            </button>
            <p className="truncate text-sm text-muted-foreground">{payee.email}</p>
            {payee.artistName && (
              <p className="text-xs text-muted-foreground">
                {payee.artistName}: {formatPercent(payee.platformShare)} of the platform's own sales
              </p>
            )}
          </div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start sm:self-auto"
            onClick={() => onEdit(payee)}
          >
            <Pencil aria-hidden="true" />
            Edit <span className="sr-only">{payee.name}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
