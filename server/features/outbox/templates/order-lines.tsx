import { Section, Text } from "@react-email/components";
import { itemWithVariant } from "@shared/formats";
import type { OutboxParams } from "@shared/outbox";
import { paragraph } from "./layout";

export type ParcelLine = OutboxParams<"merchandise-order-shipped">["lines"][number];

/**
 * A line's item in words: "Logo Hoodie — M / Black". A message that carries the variant apart
 * names the item alone in `name` (one queued before it may still end in "(M / Black)", which
 * gives way); older messages carry the combination in `name` and are shown as they are. A line
 * whose item is gone is named by its SKU, labelled as one.
 */
export function lineItem(line: ParcelLine): string {
  if (!line.name) return `An item (SKU ${line.sku})`;
  if (line.variantLabel === undefined) return line.name;
  const suffix = ` (${line.variantLabel})`;
  const name = line.variantLabel && line.name.endsWith(suffix) ? line.name.slice(0, -suffix.length) : line.name;
  return itemWithVariant(name, line.variantLabel);
}

/**
 * The lines of a parcel, refund or return, one paragraph each, the item in words and its SKU
 * after them, for whoever writes to the label about it: "2 × Logo Hoodie — M / Black (SKU
 * HOOD-M-BLK)".
 */
export function OrderLines({ lines }: { lines: ParcelLine[] }) {
  return (
    <Section style={{ margin: "8px 0 16px" }}>
      {lines.map((line, i) => (
        <Text key={i} style={{ ...paragraph, margin: "0 0 6px", fontWeight: 700 }}>
          {`${line.quantity} × ${lineItem(line)}${line.name && line.sku ? ` (SKU ${line.sku})` : ""}`}
        </Text>
      ))}
    </Section>
  );
}
