import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { Plus, Trash2 } from "lucide-react";
import { useFieldArray, useForm } from "react-hook-form";
import { z } from "zod";
import type { MerchandiseWithVariants } from "@shared/merchandise";
import {
  MAX_OPTIONS,
  merchandiseOptionSchema,
  skuSchema,
  variantLabel,
  type MerchandiseVariant,
} from "@shared/merchandise-variants";
import { decimalString, requiredText } from "@shared/validation";
import { CountField } from "@/components/form-fields/count-field";
import { TextField } from "@/components/form-fields/text-field";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { toast } from "@/hooks/use-toast";
import { showFieldErrors } from "@/lib/form-errors";
import { allMerchandiseQuery, useSetMerchandiseOptions, useUpdateMerchandiseVariant } from "../api";
import { STOCK_AS_CHANGE } from "./merchandise-messages";

/** An option as the form holds it: its values typed as "S, M, L". */
const optionsFormSchema = z.object({
  options: z
    .array(
      z.object({
        name: requiredText(40, "Name the option"),
        values: z
          .string()
          .transform((text) =>
            text
              .split(",")
              .map((value) => value.trim())
              .filter(Boolean),
          )
          .pipe(merchandiseOptionSchema.shape.values),
      }),
    )
    .max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options`),
});

/**
 * The item's options and, below, one row per variant (SKU, price, stock). Reads the item from the
 * management list, so a change shows at once (the list refreshes after every write).
 */
export function MerchandiseVariantsEditor({ itemId }: { itemId: string }) {
  const { data: item } = useQuery({
    ...allMerchandiseQuery,
    select: (items) => items.find((candidate) => candidate.id === itemId),
  });
  if (!item) return null;
  return (
    <section aria-labelledby="variants-heading" className="grid gap-4 border-t pt-4">
      <h3 id="variants-heading" className="font-semibold">
        Options and variants
      </h3>
      <OptionsForm item={item} />
      <ul className="grid gap-3" aria-label="Variants">
        {item.variants.map((variant) => (
          <li key={variant.id}>
            <VariantRow item={item} variant={variant} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function OptionsForm({ item }: { item: MerchandiseWithVariants }) {
  const setOptions = useSetMerchandiseOptions();
  const form = useForm({
    resolver: zodResolver(optionsFormSchema),
    defaultValues: { options: item.options.map((option) => ({ name: option.name, values: option.values.join(", ") })) },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "options" });

  return (
    <Form {...form}>
      <form
        noValidate
        aria-label="Options"
        className="grid gap-3"
        onSubmit={form.handleSubmit((values) =>
          setOptions.mutate(
            { id: item.id, body: values },
            {
              // Every section of the editor confirms its save the same way: "<what> saved".
              onSuccess: () => toast({ title: "Options saved" }),
              onError: (error) => showFieldErrors(form, error),
            },
          ),
        )}
      >
        <p className="text-sm text-muted-foreground">
          Up to {MAX_OPTIONS} options, such as Size (S, M, L) or Colour (Black, White): one variant per combination.
          Without options the item has one variant.
        </p>
        {fields.map((field, index) => (
          <div key={field.id} className="grid gap-2 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
            <TextField control={form.control} name={`options.${index}.name`} label={`Option ${index + 1}`} />
            <TextField
              control={form.control}
              name={`options.${index}.values`}
              label="Values (comma-separated)"
              placeholder="S, M, L"
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove option ${index + 1}`}
              onClick={() => remove(index)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={fields.length >= MAX_OPTIONS}
            onClick={() => append({ name: "", values: "" } as never)}
          >
            <Plus aria-hidden="true" />
            Add option
          </Button>
          <Button type="submit" size="sm" disabled={setOptions.isPending}>
            {setOptions.isPending ? "Saving..." : "Save options"}
          </Button>
        </div>
      </form>
    </Form>
  );
}

/** A row's fields as typed; an empty price is the item's. */
const variantFormSchema = z.object({
  sku: skuSchema,
  price: z.union([z.literal("").transform(() => null), decimalString()]),
  stockQuantity: z.int({ error: "Enter a whole number" }).min(0, "At least 0").max(1_000_000_000),
  lowStockThreshold: z.int({ error: "Enter a whole number" }).min(0, "At least 0").max(1_000_000),
});

function VariantRow({ item, variant }: { item: MerchandiseWithVariants; variant: MerchandiseVariant }) {
  const update = useUpdateMerchandiseVariant();
  const label = variantLabel(variant.options, item.options) || "Default (no options)";
  const form = useForm({
    resolver: zodResolver(variantFormSchema),
    values: {
      sku: variant.sku,
      price: variant.ownPrice ? variant.price : "",
      stockQuantity: variant.stockQuantity,
      lowStockThreshold: variant.lowStockThreshold,
    },
  });
  return (
    <Form {...form}>
      <form
        noValidate
        aria-label={`Variant ${label}`}
        className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_7rem_6rem_9rem_auto] sm:items-start"
        onSubmit={form.handleSubmit(({ stockQuantity, ...fields }) => {
          // Stock is saved as the change typed against the stock this row shows, so sales made
          // meanwhile stay sold (the server adds it to the stock there is now).
          const stockAdjustment = stockQuantity - variant.stockQuantity;
          const body = stockAdjustment === 0 ? fields : { ...fields, stockAdjustment };
          update.mutate(
            { variantId: variant.id, body },
            {
              onSuccess: () => toast({ title: `Variant ${label} saved` }),
              onError: (error) => showFieldErrors(form, error),
            },
          );
        })}
      >
        <p className="font-medium sm:col-span-5">
          {label}
          {variant.stockQuantity === 0 && <span className="ml-2 text-sm font-normal text-destructive">Sold out</span>}
        </p>
        <TextField control={form.control} name="sku" label="SKU" />
        <TextField
          control={form.control}
          name="price"
          label="Price"
          inputMode="decimal"
          placeholder={item.price}
          description="Empty: the item's"
        />
        <CountField
          control={form.control}
          name="stockQuantity"
          label="Stock"
          description={STOCK_AS_CHANGE}
          empty={Number.NaN}
        />
        <CountField
          control={form.control}
          name="lowStockThreshold"
          label="Low-stock alert at"
          description="E-mail when stock falls to this"
          empty={Number.NaN}
        />
        {/* Rows align at their labels (descriptions differ in length); the button sits level with the inputs. */}
        <Button
          type="submit"
          variant="secondary"
          size="sm"
          className="sm:mt-7"
          aria-label={`Save variant ${label}`}
          disabled={update.isPending}
        >
          {update.isPending ? "Saving..." : "Save"}
        </Button>
      </form>
    </Form>
  );
}
