import type { RoyaltyImport } from "@shared/royalty-imports";
import { ConfirmAction } from "@/components/confirm-action";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-request";
import { useRemoveImport } from "../api";

/**
 * An import's Remove button, behind a confirm: its lines go with it, so the report can be imported
 * again. The server refuses (in words, shown here) an import a closed period counts.
 */
export function RemoveImport({ item }: { item: RoyaltyImport }) {
  const remove = useRemoveImport();
  return (
    <div className="grid justify-items-start gap-1">
      <ConfirmAction
        trigger={
          <Button variant="outline" size="sm" disabled={remove.isPending} aria-label={`Remove ${item.fileName}`}>
            {remove.isPending ? "Removing..." : "Remove"}
          </Button>
        }
        title={`Remove ${item.fileName}?`}
        description="The import and every line it added are removed; the report can then be imported again. An import a closed period counts cannot be removed."
        confirmLabel="Remove import"
        onConfirm={() =>
          remove.mutate(item.id, {
            onSuccess: () =>
              toast({ title: "Import removed", description: `${item.fileName} and its lines are removed.` }),
          })
        }
      />
      {remove.isError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errorMessage(remove.error, "The import could not be removed. Please try again.")}
        </p>
      )}
    </div>
  );
}
