import type { Control } from "react-hook-form";
import { DEFAULT_LABEL_CONTACT } from "@shared/constants";
import type { UpdateLabel } from "@shared/users";
import { TextField } from "@/components/form-fields/text-field";

/**
 * The label's public contact, for administrators: visitors read it in the site's footer and
 * where a checkout cannot take cards. Both optional; with neither set the default pair shows.
 */
export function PublicContactFields({ control }: { control: Control<UpdateLabel> }) {
  return (
    <fieldset className="grid gap-4 rounded-lg border p-4">
      <legend className="px-1 text-sm font-medium">Public contact</legend>
      <p className="-mt-2 text-sm text-muted-foreground">
        Shown to visitors in the site&apos;s footer and when card payments are not available. Leave both empty to show{" "}
        {DEFAULT_LABEL_CONTACT.phone} and {DEFAULT_LABEL_CONTACT.email}.
      </p>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField
          control={control}
          name="labelContactPhone"
          label="Contact Phone"
          type="tel"
          autoComplete="tel"
          maxLength={40}
        />
        <TextField
          control={control}
          name="labelContactEmail"
          label="Contact Email"
          type="email"
          autoComplete="email"
          maxLength={254}
        />
      </div>
    </fieldset>
  );
}
