import { useState } from "react";
import { formatDay } from "@shared/dates";
import type { MerchandiseWithVariants } from "@shared/merchandise";
import { variantLabel, type VariantOptions } from "@shared/merchandise-variants";
import { formatMoney } from "@shared/money";
import { ProductImage } from "@/components/product-image";
import { Badge } from "@/components/ui/badge";
import { useCurrentUser } from "@/lib/auth";
import { ItemBuyButtons } from "../../cart/components/add-to-cart-button";
import { firstChoice, variantFor } from "../variant-choice";
import { StockRequestForm } from "./stock-request-form";
import { VariantPickers } from "./variant-pickers";

/** The item: picture, name, price of the chosen combination, pickers, stock, and Buy / Add to cart for it. */
export function MerchItemView({ item }: { item: MerchandiseWithVariants }) {
  const [chosen, setChosen] = useState<VariantOptions>(() => firstChoice(item.variants));
  const { user } = useCurrentUser();
  const variant = variantFor(item.options, item.variants, chosen);
  const label = variant ? variantLabel(variant.options, item.options) : "";
  const what = label ? `${item.name} (${label})` : item.name;
  const price = variant?.price ?? item.price;

  return (
    <article className="grid gap-8 md:grid-cols-2">
      <ProductImage src={item.imageUrl} alt={item.name} className="rounded-xl border" iconClassName="size-16" />
      <div className="flex flex-col gap-4">
        {item.category && (
          <Badge variant="secondary" className="self-start">
            {item.category}
          </Badge>
        )}
        <h1 className="font-display text-3xl font-bold leading-tight">{item.name}</h1>
        <p className="text-2xl font-semibold" aria-live="polite">
          {formatMoney(price)}
        </p>
        {item.shipsFrom && (
          <p className="text-sm">
            <span className="font-medium">Pre-order:</span> ships from {formatDay(item.shipsFrom, null, "long")}
          </p>
        )}
        {item.description && <p className="text-muted-foreground">{item.description}</p>}
        {item.options.length > 0 && (
          <VariantPickers options={item.options} variants={item.variants} chosen={chosen} onChange={setChosen} />
        )}
        <div className="grid gap-3" aria-live="polite">
          {!variant ? (
            <p className="text-sm text-muted-foreground">Choose {item.options.map((o) => o.name).join(" and ")}.</p>
          ) : variant.stockQuantity > 0 ? (
            <>
              <p className="text-sm text-muted-foreground">
                {variant.stockQuantity <= 5 ? `Only ${variant.stockQuantity} left` : "In stock"}
              </p>
              <ItemBuyButtons item={item} variant={variant} />
            </>
          ) : (
            <>
              <p className="text-sm font-medium text-destructive">Sold out</p>
              <StockRequestForm variantId={variant.id} what={what} email={user?.email ?? ""} />
            </>
          )}
        </div>
      </div>
    </article>
  );
}
