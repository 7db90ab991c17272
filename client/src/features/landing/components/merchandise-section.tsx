import { useId, type ReactNode } from "react";
import type { Merchandise } from "@shared/merchandise";
import { merchPagePath } from "@shared/routes";
import { signInHref } from "@shared/sign-in";
import { formatMoney, fromCents, toCents } from "@shared/money";
import { ProductImage } from "@/components/product-image";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LandingSection, SectionHeading } from "./section-heading";

export type RenderBuy<T extends Merchandise = Merchandise> = (item: T) => ReactNode;

/**
 * Out of stock: a disabled Buy that says why. In stock without a checkout plugged in: buying
 * needs an account, so Buy leads to sign-in rather than doing nothing.
 */
function DefaultBuy({ item }: { item: Merchandise }) {
  return (
    <Button asChild size="sm">
      <a href={signInHref()} aria-label={`Buy ${item.name}`}>
        Buy
      </a>
    </Button>
  );
}

function OutOfStockBuy({ item }: { item: Merchandise }) {
  const hintId = useId();
  return (
    <div className="flex items-center gap-2">
      <span id={hintId} className="text-xs font-medium text-muted-foreground">
        Out of stock
      </span>
      <Button size="sm" disabled aria-label={`Buy ${item.name}`} aria-describedby={hintId}>
        Buy
      </Button>
    </div>
  );
}

/** The card's price: "From $30.00" when the item's variants differ in price, else its one price. */
export function cardPrice(item: Merchandise & { variants?: readonly { price: string }[] }): string {
  const cents = (item.variants ?? []).map((variant) => toCents(variant.price));
  const lowest = Math.min(...cents);
  return cents.length > 1 && lowest !== Math.max(...cents)
    ? `From ${formatMoney(fromCents(lowest))}`
    : formatMoney(item.price);
}

function MerchandiseCard<T extends Merchandise>({ item, renderBuy }: { item: T; renderBuy?: RenderBuy<T> }) {
  const inStock = item.stockQuantity > 0;
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm">
      <ProductImage src={item.imageUrl} alt={item.name} lazy />
      <div className="flex flex-1 flex-col gap-2 p-5">
        {item.category && (
          <Badge variant="secondary" className="self-start">
            {item.category}
          </Badge>
        )}
        <h3 className="font-semibold leading-snug">
          <a href={merchPagePath(item.id)} className="hover:underline focus-visible:underline">
            {item.name}
          </a>
        </h3>
        {item.description && <p className="line-clamp-3 text-sm text-muted-foreground">{item.description}</p>}
        <div className="mt-auto flex items-center justify-between gap-3 pt-3">
          <p className="font-display text-xl font-bold">{cardPrice(item)}</p>
          {!inStock ? <OutOfStockBuy item={item} /> : renderBuy ? renderBuy(item) : <DefaultBuy item={item} />}
        </div>
      </div>
    </li>
  );
}

/**
 * The merchandise cards. `renderBuy` lets checkout plug its purchase dialog in for items in
 * stock; an item with no stock always shows a disabled Buy marked 'Out of stock'.
 */
export function MerchandiseGrid<T extends Merchandise>({ items, renderBuy }: { items: T[]; renderBuy?: RenderBuy<T> }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <MerchandiseCard key={item.id} item={item} renderBuy={renderBuy} />
      ))}
    </ul>
  );
}

/** Shown only when items exist. */
export function MerchandiseSection<T extends Merchandise>({
  items,
  renderBuy,
}: {
  items: T[] | undefined;
  renderBuy?: RenderBuy<T>;
}) {
  if (!items?.length) return null;
  return (
    <LandingSection id="shop" labelledBy="merch-heading">
      <SectionHeading id="merch-heading" eyebrow="Official store" title="Merchandise">
        Wear the label. Every purchase goes straight back to our artists.
      </SectionHeading>
      <div className="mt-10">
        <MerchandiseGrid items={items} renderBuy={renderBuy} />
      </div>
    </LandingSection>
  );
}
