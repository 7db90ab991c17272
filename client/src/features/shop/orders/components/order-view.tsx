import type { PublicMerchandiseOrder } from "@shared/merchandise-fulfilment";
import { formatDay } from "@shared/dates";
import { formatMoney, toCents } from "@shared/money";
import { formatPostalAddress } from "@shared/postal-address";
import { ContactLinks } from "@/components/contact-links";
import { cartLineName } from "../../cart/components/cart-drawer";

const STATUS_LABELS: Record<string, string> = {
  pending: "Awaiting payment",
  failed: "Payment failed",
  paid: "Paid, being prepared",
  "partially-shipped": "Partly shipped",
  shipped: "Shipped",
  returned: "Returned",
  cancelled: "Cancelled",
};

/** "Size: M, Colour: Black" as the drawer writes it ("M / Black"). */
function optionsLabel(options: Record<string, string>) {
  return Object.values(options).join(" / ");
}

/** A shop order as its buyer sees it from the e-mail's link: status, lines, amounts, address, parcels. */
export function OrderView({ order }: { order: PublicMerchandiseOrder }) {
  const address = order.address;
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold">Order #{order.orderNumber ?? order.id.slice(0, 8)}</h1>
        <p className="text-muted-foreground">Ordered on {formatDay(order.createdAt, null, "date")}</p>
        <p className="text-muted-foreground">
          Status: <span className="font-medium text-foreground">{STATUS_LABELS[order.status] ?? order.status}</span>
        </p>
      </div>
      <section aria-labelledby="order-lines" className="grid gap-2">
        <h2 id="order-lines" className="text-lg font-semibold">
          What you ordered
        </h2>
        <ul className="grid gap-2 text-sm">
          {order.lines.map((line) => (
            <li key={line.id} className="flex justify-between gap-2">
              <span>
                {line.quantity} × {cartLineName({ name: line.itemName, optionsLabel: optionsLabel(line.options) })}
                {line.shipsFrom && (
                  <span className="block text-muted-foreground">
                    Ships from {formatDay(line.shipsFrom, null, "short")}
                  </span>
                )}
                {line.shippedQuantity > 0 && (
                  <span className="block text-muted-foreground">{line.shippedQuantity} shipped</span>
                )}
              </span>
              <span className="tabular-nums">{formatMoney(line.unitPrice)} each</span>
            </li>
          ))}
        </ul>
        <dl className="grid gap-1 text-sm">
          {(
            [
              ["Items", order.subtotal],
              ["Shipping", order.shipping],
              ["Tax", order.tax],
            ] as const
          ).map(([label, amount]) => (
            <div key={label} className="flex justify-between">
              <dt>{label}</dt>
              <dd className="tabular-nums">{formatMoney(amount)}</dd>
            </div>
          ))}
          <div className="flex justify-between font-semibold">
            <dt>Total</dt>
            <dd className="tabular-nums">{formatMoney(order.total)}</dd>
          </div>
          {toCents(order.refundedAmount) > 0 && (
            <div className="flex justify-between">
              <dt>Refunded</dt>
              <dd className="tabular-nums">−{formatMoney(order.refundedAmount)}</dd>
            </div>
          )}
        </dl>
      </section>
      {address && (
        <section aria-labelledby="order-address">
          <h2 id="order-address" className="text-lg font-semibold">
            Shipping to
          </h2>
          <address className="text-sm not-italic">
            {formatPostalAddress(address).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </section>
      )}
      <section aria-labelledby="order-parcels">
        <h2 id="order-parcels" className="text-lg font-semibold">
          Tracking
        </h2>
        {order.fulfilments.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing has shipped yet.</p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {order.fulfilments.map((parcel) => (
              <li key={parcel.id}>
                {parcel.carrier}:{" "}
                {parcel.trackingUrl ? (
                  <a href={parcel.trackingUrl} className="underline" target="_blank" rel="noreferrer">
                    {parcel.trackingNumber}
                  </a>
                ) : (
                  parcel.trackingNumber
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="order-contact" className="grid gap-2 text-sm">
        <h2 id="order-contact" className="text-lg font-semibold">
          Questions about your order?
        </h2>
        <p className="text-muted-foreground">Write or call us, with your order number.</p>
        <ContactLinks />
      </section>
    </div>
  );
}
