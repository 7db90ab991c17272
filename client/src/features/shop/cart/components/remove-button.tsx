import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";

/** "Remove", its accessible name naming what it removes ("Remove Tour Shirt (M)"). */
export function RemoveButton({ name, onRemove }: { name: string; onRemove: () => void }) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="max-sm:min-h-11"
      aria-label={`Remove ${name}`}
      onClick={onRemove}
    >
      <Trash2 className="h-4 w-4" aria-hidden="true" />
      Remove
    </Button>
  );
}
