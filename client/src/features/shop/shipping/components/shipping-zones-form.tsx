import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Trash2 } from "lucide-react";
import { useEffect } from "react";
import { useFieldArray, useForm, useFormState, useWatch, type Control } from "react-hook-form";
import { z } from "zod";
import { shippingZoneInputSchema, setShippingZonesSchema, type ShippingZone } from "@shared/shipping";
import { TextField } from "@/components/form-fields/text-field";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { toast } from "@/hooks/use-toast";
import { showFieldErrors } from "@/lib/form-errors";
import { useSaveShippingZones } from "../api";
import { countryNameHint, countryPieces, withCountry } from "../country-codes";
import { CountryPicker } from "./country-picker";

/**
 * The countries as the admin types them ("US, ca") → ["US", "CA"], then the shared rules; a
 * country typed by its name is answered with its code ("USA isn't a country code — use US").
 */
const countriesText = z
  .string()
  .superRefine((text, context) => {
    const hint = countryNameHint(text);
    if (hint) context.addIssue({ code: "custom", message: hint, abort: true });
  })
  .transform(countryPieces)
  .pipe(shippingZoneInputSchema.shape.countries);

const formSchema = z
  .object({
    zones: z.array(shippingZoneInputSchema.extend({ countries: countriesText })),
  })
  .pipe(setShippingZonesSchema);

type FormInput = { zones: { name: string; countries: string; taxRate: string }[] };
type FormOutput = z.output<typeof formSchema>;

/** Under the countries, as they are typed: the code for a country typed by name, else an example. */
function CountriesHint({ control, index }: { control: Control<FormInput, unknown, FormOutput>; index: number }) {
  const typed = useWatch({ control, name: `zones.${index}.countries` });
  const { errors } = useFormState({ control, name: `zones.${index}.countries` });
  // Once the field shows its error (the same words after a save), the hint steps aside.
  const hint = errors.zones?.[index]?.countries ? null : countryNameHint(typed ?? "");
  return hint ? <span role="status">{hint}</span> : "Such as US, CA";
}

/**
 * The shipping zones, edited together: each zone's name, its countries (ISO codes) and its tax
 * rate in percent. Saving replaces them all; a zone left out takes its items' rates with it.
 */
export function ShippingZonesForm({ zones }: { zones: ShippingZone[] }) {
  const save = useSaveShippingZones();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      zones: zones.map((zone) => ({ name: zone.name, countries: zone.countries.join(", "), taxRate: zone.taxRate })),
    },
  });
  const list = useFieldArray({ control: form.control, name: "zones" });
  useEffect(() => {
    if (save.error) showFieldErrors(form, save.error);
  }, [save.error, form]);

  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) =>
          save.mutate(values, { onSuccess: () => toast({ title: "Shipping zones saved" }) }),
        )}
      >
        {list.fields.length === 0 && <p className="text-muted-foreground">No zones yet: the shop ships nowhere.</p>}
        {list.fields.map((field, index) => (
          // On a phone the fields stack in reading order (the picker under the codes it adds to);
          // wider, the zone is one row with the picker under its codes.
          <fieldset
            key={field.id}
            className="grid gap-3 rounded-lg border p-4 sm:grid-cols-[1fr_2fr_8rem_auto] sm:items-start"
          >
            <legend className="sr-only">Zone {index + 1}</legend>
            <TextField control={form.control} name={`zones.${index}.name`} label="Zone name" />
            <TextField
              control={form.control}
              name={`zones.${index}.countries`}
              label="Countries (ISO codes)"
              description={<CountriesHint control={form.control} index={index} />}
            />
            <div className="sm:col-start-2 sm:row-start-2">
              <CountryPicker
                zoneLabel={`zone ${index + 1}`}
                onPick={(code) => {
                  const name = `zones.${index}.countries` as const;
                  form.setValue(name, withCountry(form.getValues(name), code), {
                    shouldDirty: true,
                    shouldValidate: form.formState.isSubmitted,
                  });
                }}
              />
            </div>
            <TextField
              control={form.control}
              name={`zones.${index}.taxRate`}
              label="Tax rate (%)"
              inputMode="decimal"
              className="sm:col-start-3 sm:row-start-1"
            />
            <Button
              type="button"
              variant="ghost"
              className="justify-self-start sm:col-start-4 sm:row-start-1 sm:mt-7"
              aria-label={`Remove zone ${index + 1}`}
              onClick={() => list.remove(index)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </fieldset>
        ))}
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={() => list.append({ name: "", countries: "", taxRate: "0" })}
          >
            <Plus aria-hidden="true" />
            Add zone
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save zones"}
          </Button>
        </div>
      </form>
    </Form>
  );
}
