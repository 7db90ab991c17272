import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { DEFAULT_MAX_PER_ORDER, insertMerchandiseSchema, type Merchandise } from "@shared/merchandise";
import { CountField } from "@/components/form-fields/count-field";
import { SelectField } from "@/components/form-fields/select-field";
import { TextAreaField } from "@/components/form-fields/text-area-field";
import { TextField } from "@/components/form-fields/text-field";
import { EditorDialog, EditorFooter, useSave, type EditorDialogProps } from "@/components/management";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { ApiError } from "@/lib/api-request";
import { useCreateMerchandise, useUpdateMerchandise } from "../api";
import { MERCHANDISE_TOASTS, STOCK_AS_CHANGE } from "./merchandise-messages";
import { MerchandiseVariantsEditor } from "./merchandise-variants-editor";
import { ShippingRatesEditor } from "../../shipping/components/shipping-rates-editor";

const AVAILABILITY = [
  { value: "1", label: "Yes" },
  { value: "0", label: "No" },
] as const;

/**
 * An edit saves stock as the change the admin typed (+5, -2) against the stock the form opened
 * with, so units sold while it was open are never written back; an item with options keeps its
 * stock per variant (below), so its total is not sent.
 */
function stockChange(item: Merchandise, typed: number, perVariant: boolean) {
  const stockAdjustment = typed - item.stockQuantity;
  return perVariant || stockAdjustment === 0 ? {} : { stockAdjustment };
}

/** 'Add Merchandise Item', or 'Edit Merchandise Item' pre-filled with the item. */
export function MerchandiseFormDialog(props: EditorDialogProps<Merchandise>) {
  // Wide on a laptop: the variants' rows (SKU, price, stock, compare-at) need the room to be read.
  return (
    <EditorDialog {...props} className="sm:max-w-2xl lg:max-w-4xl">
      {(item, close) => <MerchandiseForm item={item} onDone={close} />}
    </EditorDialog>
  );
}

function MerchandiseForm({ item: opened, onDone }: { item: Merchandise | null; onDone: () => void }) {
  const create = useCreateMerchandise();
  const update = useUpdateMerchandise();
  // "Create Item" keeps the dialog open on the new item, so its options, variants and shipping
  // are set in the same sitting; from then on it is an edit, and a save closes the dialog.
  const created = (create.data as Merchandise | undefined) ?? null;
  const item = opened ?? created;
  // The shared schema turns "12.5" into "12.50" and fills stock 0 / available 1.
  const form = useForm({
    resolver: zodResolver(insertMerchandiseSchema),
    defaultValues: {
      name: item?.name ?? "",
      description: item?.description ?? "",
      price: item?.price ?? "",
      category: item?.category ?? "",
      artist: item?.artist ?? "",
      imageUrl: item?.imageUrl ?? "",
      stockQuantity: item?.stockQuantity ?? 0,
      isAvailable: item?.isAvailable ?? 1,
      maxPerOrder: item?.maxPerOrder ?? DEFAULT_MAX_PER_ORDER,
      shipsFrom: item?.shipsFrom ?? "",
    },
  });
  // An item with options keeps its stock per variant (below), so its total is not sent.
  const perVariant = (item?.options.length ?? 0) > 0;
  const { control } = form;
  // A 400's field messages appear beside the fields that caused them.
  const { save, pending } = useSave(
    { create, update },
    item,
    MERCHANDISE_TOASTS,
    item ? onDone : () => {},
    form,
    // The stock moved or would go below zero: the server's words, beside the stock.
    (error) => {
      if (error instanceof ApiError && error.status === 409) {
        form.setError("stockQuantity", { type: "server", message: error.serverMessage ?? error.message });
      }
    },
  );

  return (
    <>
      <DialogHeader>
        <DialogTitle>{item ? "Edit Merchandise Item" : "Add Merchandise Item"}</DialogTitle>
        <DialogDescription>
          {created && !opened
            ? "Created. Give it options and shipping rates below, or close when done."
            : item
              ? "Change the details of this item, its options and variants, and where it ships."
              : "Add an item to the label's merchandise; its options and shipping rates follow once it is created."}
        </DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form
          onSubmit={form.handleSubmit(({ stockQuantity, ...values }) =>
            save(item ? { ...values, ...stockChange(item, stockQuantity, perVariant) } : { ...values, stockQuantity }),
          )}
          noValidate
          className="grid gap-4"
        >
          <TextField control={control} name="name" label="Product Name" />
          <TextAreaField control={control} name="description" label="Description" />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={control} name="price" label="Price ($)" inputMode="decimal" placeholder="0.00" />
            <TextField control={control} name="category" label="Category (optional)" />
          </div>
          <TextField control={control} name="imageUrl" label="Image URL" type="url" placeholder="https://" />
          <TextField control={control} name="artist" label="Artist (for royalty statements)" />
          <div className="grid gap-4 sm:grid-cols-2">
            {perVariant ? (
              <p className="grid gap-1 text-sm">
                <span className="font-medium">Stock Quantity</span>
                <span className="text-muted-foreground">{item?.stockQuantity} in all: set per variant below</span>
              </p>
            ) : (
              <CountField
                control={control}
                name="stockQuantity"
                label="Stock Quantity"
                description={item ? STOCK_AS_CHANGE : undefined}
              />
            )}
            <SelectField control={control} name="isAvailable" label="Available" options={AVAILABILITY} parse={Number} />
          </div>
          <CountField
            control={control}
            name="maxPerOrder"
            label="Max per order"
            description="The most one buyer can take in a single order."
          />
          <TextField
            control={control}
            name="shipsFrom"
            label="Ships from (optional)"
            type="date"
            description="For a pre-order: the day it starts shipping, shown on its page."
          />
          <EditorFooter onCancel={onDone} pending={pending} submitLabel={item ? "Update Item" : "Create Item"} />
        </form>
      </Form>
      {item && <MerchandiseVariantsEditor itemId={item.id} />}
      {item && <ShippingRatesEditor itemId={item.id} />}
    </>
  );
}
