import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { z } from "zod";
import type { ShippingZone } from "@shared/shipping";
import { decimalString } from "@shared/validation";
import { TextField } from "@/components/form-fields/text-field";
import { LoadError } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { useToast } from "@/hooks/use-toast";
import { showFieldErrors } from "@/lib/form-errors";
import { shippingRatesQuery, shippingZonesQuery, useSetShippingRates } from "../api";

const FIRST_REQUIRED = "Enter the first unit's shipping";
const ADDITIONAL_REQUIRED = "Enter each further unit's shipping";

/**
 * One row per zone as typed. Both amounts empty: the item does not ship there; otherwise both
 * are needed, each an amount like the server takes.
 */
const ratesFormSchema = z.object({
  rates: z.array(
    z.object({ zone: z.string(), first: z.string(), additional: z.string() }).superRefine((row, ctx) => {
      if (row.first.trim() === "" && row.additional.trim() === "") return;
      const checks = [
        ["first", decimalString(FIRST_REQUIRED)],
        ["additional", decimalString(ADDITIONAL_REQUIRED)],
      ] as const;
      for (const [field, schema] of checks) {
        const parsed = schema.safeParse(row[field]);
        if (!parsed.success) ctx.addIssue({ code: "custom", path: [field], message: parsed.error.issues[0].message });
      }
    }),
  ),
});
type RatesForm = z.infer<typeof ratesFormSchema>;

/**
 * The item's shipping rate to each zone: what the first unit costs to ship, and each further
 * unit. A zone left empty is one the item does not ship to.
 */
export function ShippingRatesEditor({ itemId }: { itemId: string }) {
  const zones = useQuery(shippingZonesQuery);
  const rates = useQuery(shippingRatesQuery(itemId));
  return (
    <section aria-labelledby="shipping-rates-heading" className="grid gap-4 border-t pt-4">
      <div>
        <h3 id="shipping-rates-heading" className="font-semibold">
          Shipping rates
        </h3>
        <p className="text-sm text-muted-foreground">
          First unit and each additional unit, per zone. Leave a zone empty if this item does not ship there.
        </p>
      </div>
      {zones.isError || rates.isError ? (
        <LoadError
          inline
          what="shipping rates"
          error={zones.error ?? rates.error}
          onRetry={() => {
            void zones.refetch();
            void rates.refetch();
          }}
        />
      ) : !zones.data || !rates.data ? (
        <p className="text-sm text-muted-foreground">Loading...</p>
      ) : zones.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No shipping zones yet.{" "}
          <Link href="/admin/shipping" className="underline">
            Add zones
          </Link>{" "}
          first, then give this item a rate to each.
        </p>
      ) : (
        <>
          {rates.data.length === 0 && (
            // Said before anyone tries to buy it: the checkout refuses an item with no rate to the address.
            <p role="status" className="rounded-md border border-dashed p-3 text-sm">
              This item ships nowhere yet: buyers cannot check out with it until it has a rate to at least one zone.
            </p>
          )}
          <RatesForm itemId={itemId} zones={zones.data} rates={rates.data} />
        </>
      )}
    </section>
  );
}

function RatesForm({
  itemId,
  zones,
  rates,
}: {
  itemId: string;
  zones: ShippingZone[];
  rates: { zone: string; first: string; additional: string }[];
}) {
  const { toast } = useToast();
  const save = useSetShippingRates(itemId);
  const form = useForm<RatesForm>({
    resolver: zodResolver(ratesFormSchema),
    values: {
      rates: zones.map((zone) => {
        const rate = rates.find((r) => r.zone.toLowerCase() === zone.name.toLowerCase());
        return { zone: zone.name, first: rate?.first ?? "", additional: rate?.additional ?? "" };
      }),
    },
    // A refetch (any write under /api/merchandise refreshes it) keeps what is being typed.
    resetOptions: { keepDirtyValues: true },
  });

  const submit = (values: RatesForm) => {
    // Only the zones with amounts are sent; `sent[i]` is the form row of the request's i-th rate.
    const sent = values.rates.flatMap((row, index) => (row.first.trim() === "" ? [] : [index]));
    const body = {
      rates: sent.map((index) => {
        const { zone, first, additional } = values.rates[index];
        return { zone, first, additional };
      }),
    };
    save.mutate(body, {
      onSuccess: () => toast({ title: "Shipping rates saved" }),
      onError: (error) => showFieldErrors(form, error, { fieldOf: rateField(sent) }),
    });
  };

  return (
    <Form {...form}>
      <form noValidate aria-label="Shipping rates" className="grid gap-3" onSubmit={form.handleSubmit(submit)}>
        {zones.map((zone, index) => (
          <fieldset key={zone.id} className="grid gap-2 rounded-md border p-3 sm:grid-cols-2">
            <legend className="px-1 font-medium">{zone.name}</legend>
            <TextField
              control={form.control}
              name={`rates.${index}.first`}
              label="First unit"
              inputMode="decimal"
              placeholder="0.00"
            />
            <TextField
              control={form.control}
              name={`rates.${index}.additional`}
              label="Each additional unit"
              inputMode="decimal"
              placeholder="0.00"
            />
          </fieldset>
        ))}
        <div>
          <Button type="submit" size="sm" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save shipping rates"}
          </Button>
        </div>
      </form>
    </Form>
  );
}

/**
 * The request held only the zones with amounts ("rates.0.first" is the first zone sent), so its
 * indexes are mapped back to the form's rows; a zone's own error goes beside its first unit.
 */
function rateField(sent: number[]) {
  return (name: string): string | undefined => {
    const match = /^rates\.(\d+)\.(first|additional|zone)$/.exec(name);
    const row = match ? sent[Number(match[1])] : undefined;
    if (!match || row === undefined) return undefined;
    return `rates.${row}.${match[2] === "zone" ? "first" : match[2]}`;
  };
}
