import type { Control } from "react-hook-form";
import type { UpdateLabel } from "@shared/users";
import { TextAreaField } from "@/components/form-fields/text-area-field";

/**
 * Where the shop's parcels come from and where returns go, for administrators: printed on every
 * packing slip under "From" and "Returns". Both optional; without a return address, returns go
 * to the postal address, and without either the slip asks the buyer to get in touch first.
 */
export function PostalAddressFields({ control }: { control: Control<UpdateLabel> }) {
  return (
    <fieldset className="grid gap-4 rounded-lg border p-4">
      <legend className="px-1 text-sm font-medium">Postal address</legend>
      <p className="-mt-2 text-sm text-muted-foreground">Printed on packing slips, one line per line you type.</p>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextAreaField
          control={control}
          name="labelPostalAddress"
          label="Sender address"
          description="Such as the street, the city with its postal code, and the country"
        />
        <TextAreaField
          control={control}
          name="labelReturnAddress"
          label="Return address"
          description="Leave empty when returns go to the sender address"
        />
      </div>
    </fieldset>
  );
}
