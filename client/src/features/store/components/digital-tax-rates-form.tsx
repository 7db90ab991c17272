import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Trash2 } from "lucide-react";
import { useEffect } from "react";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { digitalTaxRateSchema, digitalTaxRatesInputSchema, type DigitalTaxRates } from "@shared/digital-tax";
import { countryCode, countryName } from "@shared/shipping";
import { NativeSelectField } from "@/components/form-fields/native-select-field";
import { TextField } from "@/components/form-fields/text-field";
import { LoadError } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { countryOptions } from "@/lib/countries";
import { showFieldErrors } from "@/lib/form-errors";
import { useDigitalTaxRates, useSaveDigitalTaxRates } from "../api";

// The country is picked, never typed: an empty pick reads "Choose a country".
const CHOOSE_COUNTRY = "Choose a country";
const rowSchema = digitalTaxRateSchema.extend({
  country: z.string({ error: CHOOSE_COUNTRY }).min(1, CHOOSE_COUNTRY).pipe(countryCode),
});

/** The shared rules, with a country listed twice said beside its second row rather than over the list. */
const formSchema = z
  .object({ rates: z.array(rowSchema) })
  .superRefine(({ rates }, ctx) => {
    const seen = new Set<string>();
    rates.forEach(({ country }, index) => {
      if (seen.has(country))
        ctx.addIssue({
          code: "custom",
          path: ["rates", index, "country"],
          message: `${countryName(country) ?? country} is in the list already`,
        });
      seen.add(country);
    });
  })
  .pipe(digitalTaxRatesInputSchema);

type FormInput = { rates: { country: string; rate: string }[] };
type FormOutput = z.output<typeof formSchema>;

const formValues = (rates: DigitalTaxRates["rates"]): FormInput => ({
  rates: rates.map(({ country, rate }) => ({ country, rate })),
});

const COUNTRY_CHOICES = [
  { value: "", label: CHOOSE_COUNTRY },
  ...countryOptions().map(({ code, name }) => ({ value: code, label: name })),
];

/**
 * The label's tax on downloads, edited together: each country with its rate in percent. Saving
 * replaces them all; a country removed here pays no tax on downloads from then on.
 */
export function DigitalTaxRatesForm({ rates }: { rates: DigitalTaxRates["rates"] }) {
  const save = useSaveDigitalTaxRates();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: formValues(rates),
  });
  const list = useFieldArray({ control: form.control, name: "rates" });
  const picked = useWatch({ control: form.control, name: "rates" });
  useEffect(() => {
    if (save.error) showFieldErrors(form, save.error);
  }, [save.error, form]);

  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) =>
          save.mutate(values, {
            onSuccess: (answer) => {
              form.reset(formValues(answer.rates));
              toast({ title: "Tax on downloads saved" });
            },
          }),
        )}
      >
        {list.fields.length === 0 && (
          <p className="text-muted-foreground">No tax is charged on downloads in any country yet</p>
        )}
        {list.fields.map((field, index) => {
          const code = picked[index]?.country;
          const name = (code && countryName(code)) || `country ${index + 1}`;
          return (
            <fieldset
              key={field.id}
              className="grid gap-3 rounded-lg border p-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
            >
              <legend className="sr-only">Tax on downloads in {name}</legend>
              <NativeSelectField
                control={form.control}
                name={`rates.${index}.country`}
                label="Country"
                options={COUNTRY_CHOICES}
              />
              <TextField control={form.control} name={`rates.${index}.rate`} label="Tax rate (%)" inputMode="decimal" />
              <Button
                type="button"
                variant="ghost"
                className="justify-self-start max-sm:min-h-11 sm:mt-7"
                aria-label={`Remove ${name}`}
                onClick={() => list.remove(index)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </fieldset>
          );
        })}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={() => list.append({ country: "", rate: "" })}>
            <Plus aria-hidden="true" />
            Add country
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save tax rates"}
          </Button>
        </div>
      </form>
    </Form>
  );
}

/** "Tax on downloads" on the store's admin page: the rates once read, or why they are not. */
export function DigitalTaxSection() {
  const query = useDigitalTaxRates();
  return (
    <section aria-labelledby="digital-tax-heading" className="grid gap-3">
      <div>
        <h2 id="digital-tax-heading" className="text-xl font-semibold">
          Tax on downloads
        </h2>
        <p className="text-sm text-muted-foreground">
          The rate a buyer's country pays on music bought through the cart. A country not listed pays none.
        </p>
      </div>
      {query.isError ? (
        <LoadError what="the tax rates" error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Skeleton role="status" aria-label="Loading the tax rates" className="h-24 w-full" />
      ) : (
        <DigitalTaxRatesForm rates={query.data.rates} />
      )}
    </section>
  );
}
