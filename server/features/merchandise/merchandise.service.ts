import type { InsertMerchandise, MerchandiseRow, UpdateMerchandise } from "@shared/merchandise";
import {
  optionCombinations,
  type MerchandiseOption,
  type SetMerchandiseOptions,
  type UpdateMerchandiseVariant,
  type VariantOptions,
} from "@shared/merchandise-variants";
import { HttpError } from "../../lib/http-error";
import type { MerchandiseRepository, MerchandiseWithVariantsRow, PlannedVariant } from "./merchandise.repository";
import type { StockAlerts } from "../../lib/variant-stock";

const NOT_FOUND = "Merchandise item not found";
const VARIANT_NOT_FOUND = "Variant not found";
export const PER_VARIANT_STOCK = "This item's stock is set per variant";

/** "Tour Shirt!" → "TOUR-SHIRT": a SKU's part, letters and digits only. */
function skuPart(text: string, max: number): string {
  const part = text
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toUpperCase()
    .slice(0, max)
    .replace(/-+$/, "");
  return part || "X";
}

/** The SKU a new variant gets: the item's name, then its values ("TOUR-SHIRT-M-BLACK"). */
export function generatedSku(itemName: string, options: VariantOptions): string {
  return [skuPart(itemName, 24), ...Object.values(options).map((value) => skuPart(value, 12))].join("-");
}

/** Whether two combinations agree on every option both have (one extends or narrows the other). */
function compatible(a: VariantOptions, b: VariantOptions): boolean {
  return Object.keys(a).every((name) => !(name in b) || a[name] === b[name]);
}

const sameOptions = (a: VariantOptions, b: VariantOptions) =>
  Object.keys(a).length === Object.keys(b).length && compatible(a, b);

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
  return cause?.code === "23505";
}

export function createMerchandiseService(repository: MerchandiseRepository, stockAlerts: StockAlerts) {
  async function itemWithVariants(id: string): Promise<MerchandiseWithVariantsRow> {
    const row = await repository.findWithVariants(id);
    if (!row) throw HttpError.notFound(NOT_FOUND);
    return row;
  }

  return {
    /** The landing page's grid: only items marked available (isAvailable = 1), with their variants. */
    listAvailable: () => repository.listAvailable(),
    listAll: () => repository.listAll(),
    create: (values: InsertMerchandise) => repository.create(values),

    /** An item's page: an item on sale, with its options and variants. */
    async getAvailable(id: string): Promise<MerchandiseWithVariantsRow> {
      const row = await itemWithVariants(id);
      if (row.isAvailable !== 1) throw HttpError.notFound(NOT_FOUND);
      return row;
    },

    /**
     * The item's fields; its stock, for an item without options, is its one variant's. An item
     * with options has its stock per variant: a different total is refused, the same one ignored
     * (the admin's form sends the total it showed).
     */
    async update(id: string, { stockQuantity, ...values }: UpdateMerchandise): Promise<MerchandiseRow> {
      const row = await repository.transaction(async (tx) => {
        const item = await repository.lockItem(id, tx);
        if (!item) throw HttpError.notFound(NOT_FOUND);
        if (stockQuantity !== undefined && stockQuantity !== item.stockQuantity) {
          const variant = await repository.defaultVariant(id, tx);
          if (!variant) throw HttpError.badRequest(PER_VARIANT_STOCK, { stockQuantity: [PER_VARIANT_STOCK] });
          const change = await repository.setVariantStock(variant.id, stockQuantity, tx);
          if (change) await stockAlerts.afterChange(tx, [change]);
        }
        return repository.update(id, values, tx);
      });
      stockAlerts.deliverSoon();
      if (!row) throw HttpError.notFound(NOT_FOUND);
      return row;
    },

    async remove(id: string): Promise<void> {
      if (!(await repository.remove(id))) throw HttpError.notFound(NOT_FOUND);
    },

    /**
     * Replaces the item's options; one variant per combination. A variant whose combination
     * still exists keeps its SKU, price and stock; when an option is added or removed, each
     * variant carries on as the first new combination that agrees with it (so the stock of an
     * item without options becomes its first combination's). Other variants are removed, and
     * new combinations start with no stock and a generated SKU.
     */
    async setOptions(id: string, { options }: SetMerchandiseOptions): Promise<MerchandiseWithVariantsRow> {
      await repository.transaction(async (tx) => {
        const item = await repository.lockItem(id, tx);
        if (!item) throw HttpError.notFound(NOT_FOUND);
        const existing = await repository.variantsOfItem(id, tx);
        const combos = optionCombinations(options as MerchandiseOption[]);
        const used = new Set<string>();
        const claim = (match: (v: (typeof existing)[number]) => boolean) => {
          const found = existing.find((v) => !used.has(v.id) && match(v));
          if (found) used.add(found.id);
          return found;
        };
        // Exact matches first, so no kept variant is moved onto another kept one's combination.
        const exact = combos.map((combo) => claim((v) => sameOptions(v.options, combo)));
        const matched = combos.map((combo, i) => exact[i] ?? claim((v) => compatible(v.options, combo)));
        const wanted = combos.map((combo, i) => (matched[i] ? undefined : generatedSku(item.name, combo)));
        const taken = await repository.takenSkus(
          wanted.filter((s): s is string => s !== undefined),
          tx,
        );
        const planned: PlannedVariant[] = combos.map((combo, position) => {
          const kept = matched[position];
          if (kept) return { id: kept.id, sku: kept.sku, options: combo, position };
          let sku = wanted[position]!;
          for (let n = 2; taken.has(sku.toLowerCase()); n++) sku = `${wanted[position]}-${n}`;
          taken.add(sku.toLowerCase());
          return { sku, options: combo, position };
        });
        const removed = existing.filter((v) => !used.has(v.id)).map((v) => v.id);
        await repository.writeOptions(id, options as MerchandiseOption[], removed, planned, tx);
      });
      return itemWithVariants(id);
    },

    /** A variant's SKU, price (null: the item's), stock or low-stock threshold. */
    async updateVariant(variantId: string, values: UpdateMerchandiseVariant): Promise<MerchandiseWithVariantsRow> {
      const { stockQuantity, ...fields } = values;
      let itemId: string;
      try {
        itemId = await repository.transaction(async (tx) => {
          const found = await repository.findVariant(variantId, tx);
          if (!found) throw HttpError.notFound(VARIANT_NOT_FOUND);
          await repository.updateVariantFields(variantId, fields, tx);
          if (stockQuantity !== undefined) {
            const change = await repository.setVariantStock(variantId, stockQuantity, tx);
            if (change) await stockAlerts.afterChange(tx, [change]);
          }
          return found.item.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          const message = "Another variant already has this SKU";
          throw HttpError.conflict(message);
        }
        throw error;
      }
      stockAlerts.deliverSoon();
      return itemWithVariants(itemId);
    },
  };
}

export type MerchandiseService = ReturnType<typeof createMerchandiseService>;
