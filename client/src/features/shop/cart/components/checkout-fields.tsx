import type { Control } from "react-hook-form";
import type { Address, AddressInput } from "@shared/merchandise-checkout";
import { NativeSelectField } from "@/components/form-fields/native-select-field";
import { TextField } from "@/components/form-fields/text-field";
import { countryOptions } from "@/lib/countries";

/** The checkout's fields: the address for goods, the country alone for a cart of downloads. */
export interface CheckoutValues {
  email: string;
  address: AddressInput;
  country: string;
}
/** What the checkout sends of them: the address, or the country. */
export interface CheckoutOutput {
  email: string;
  address?: Address;
  country?: string;
}
type CheckoutControl = Control<CheckoutValues, unknown, CheckoutOutput>;

/** The shipping address, its country one of those the shop ships to (`countries`). */
export function AddressFields({
  control,
  countries,
  loading,
}: {
  control: CheckoutControl;
  countries: readonly { value: string; label: string }[];
  loading: boolean;
}) {
  return (
    <>
      <TextField control={control} name="address.name" label="Full name" autoComplete="name" />
      <TextField control={control} name="address.line1" label="Address" autoComplete="address-line1" />
      <TextField
        control={control}
        name="address.line2"
        label="Apartment, suite (optional)"
        autoComplete="address-line2"
      />
      <TextField control={control} name="address.city" label="City" autoComplete="address-level2" />
      <TextField
        control={control}
        name="address.region"
        label="State or region (optional)"
        autoComplete="address-level1"
      />
      <TextField control={control} name="address.postalCode" label="Postal code" autoComplete="postal-code" />
      <NativeSelectField
        control={control}
        name="address.country"
        label="Country"
        options={[{ value: "", label: loading ? "Loading countries..." : "Choose a country" }, ...countries]}
      />
    </>
  );
}

/**
 * A cart of downloads only ships nothing: the buyer's country is all it needs, for its tax. Any
 * country, not only those the shop ships goods to, since downloads go anywhere.
 */
export function DownloadCountryField({ control }: { control: CheckoutControl }) {
  return (
    <NativeSelectField
      control={control}
      name="country"
      label="Country"
      description="Downloads are e-mailed; tax depends on your country"
      options={[
        { value: "", label: "Choose a country" },
        ...countryOptions().map(({ code, name }) => ({ value: code, label: name })),
      ]}
    />
  );
}
