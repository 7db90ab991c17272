import { Package } from "lucide-react";
import { useState } from "react";
import type { Merchandise } from "@shared/merchandise";
import { formatMoney } from "@shared/money";
import { RowActions } from "@/components/management";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardFooter } from "@/components/ui/card";

function ItemImage({ item }: { item: Merchandise }) {
  const [failed, setFailed] = useState(false);
  if (!item.imageUrl || failed) {
    return (
      <div
        role="img"
        aria-label={`${item.name} (no image)`}
        className="flex aspect-square items-center justify-center bg-muted text-muted-foreground"
      >
        <Package aria-hidden="true" className="size-16" />
      </div>
    );
  }
  return (
    <img
      src={item.imageUrl}
      alt={item.name}
      loading="lazy"
      onError={() => setFailed(true)}
      className="aspect-square w-full bg-muted object-cover"
    />
  );
}

/** One managed item with its stock, availability, edit and delete. */
export function MerchandiseAdminCard({
  item,
  onEdit,
  onDelete,
  deleting,
}: {
  item: Merchandise;
  onEdit: (item: Merchandise) => void;
  onDelete: (item: Merchandise) => void;
  deleting: boolean;
}) {
  return (
    <Card className="flex flex-col overflow-hidden">
      <ItemImage item={item} />
      <CardContent className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="text-lg font-semibold leading-tight">{item.name}</h2>
          <span className="shrink-0 font-semibold text-primary">{formatMoney(item.price)}</span>
        </div>
        {item.description && <p className="line-clamp-2 text-sm text-muted-foreground">{item.description}</p>}
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-1 text-sm">
          {item.category && <Badge variant="outline">{item.category}</Badge>}
          <span className="text-muted-foreground">Stock: {item.stockQuantity}</span>
          <Badge variant={item.isAvailable === 1 ? "default" : "secondary"}>
            {item.isAvailable === 1 ? "Available" : "Unavailable"}
          </Badge>
        </div>
      </CardContent>
      <CardFooter className="p-4 pt-0">
        <RowActions
          name={item.name}
          onEdit={() => onEdit(item)}
          onDelete={() => onDelete(item)}
          deleting={deleting}
          compactDelete
          className="flex w-full gap-2 [&>button:first-child]:flex-1"
        />
      </CardFooter>
    </Card>
  );
}
