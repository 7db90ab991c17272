import type { RoyaltyImport } from "@shared/royalty-imports";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-request";
import { useRemoveImport } from "../api";

/**
 * A failed import's Dismiss button: it added no line, so it goes from the list without a confirm
 * (the same DELETE as Remove).
 */
export function DismissImport({ item }: { item: RoyaltyImport }) {
  const remove = useRemoveImport();
  return (
    <div className="grid justify-items-start gap-1">
      <Button
        variant="outline"
        size="sm"
        disabled={remove.isPending}
        aria-label={`Dismiss ${item.fileName}`}
        onClick={() => remove.mutate(item.id)}
      >
        {remove.isPending ? "Dismissing…" : "Dismiss"}
      </Button>
      {remove.isError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errorMessage(remove.error, "The import could not be dismissed. Please try again.")}
        </p>
      )}
    </div>
  );
}
