import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type FieldErrors } from "react-hook-form";
import { Link } from "wouter";
import { updateLabelSchema, type UpdateLabel } from "@shared/users";
import { TextField } from "@/components/form-fields/text-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import type { CurrentUser } from "@shared/users";
import { toast } from "@/hooks/use-toast";
import { useUpdateLabel } from "../api";
import { LogoField } from "./logo-field";
import { PostalAddressFields } from "./postal-address-fields";
import { PublicContactFields } from "./public-contact-fields";

/**
 * Label Settings (docs/product.md, "Label settings"). A new logo is held in the form until
 * 'Save Changes'; the shared schema is the same one the server validates with.
 */
export function LabelSettingsForm({ user }: { user: CurrentUser }) {
  const isAdmin = user.role === "admin";
  const update = useUpdateLabel();
  const form = useForm<UpdateLabel>({
    resolver: zodResolver(updateLabelSchema),
    defaultValues: {
      labelName: user.labelName ?? "",
      labelLogoUrl: user.labelLogoUrl ?? "",
      // Only administrators edit the public contact; a member's form leaves it out, which keeps it.
      ...(isAdmin && {
        labelContactPhone: user.labelContactPhone ?? "",
        labelContactEmail: user.labelContactEmail ?? "",
        labelPostalAddress: user.labelPostalAddress ?? "",
        labelReturnAddress: user.labelReturnAddress ?? "",
      }),
    },
  });

  function save(values: UpdateLabel) {
    update.mutate(values, {
      onSuccess: (saved) => {
        form.reset({
          labelName: saved.labelName ?? values.labelName,
          labelLogoUrl: saved.labelLogoUrl ?? values.labelLogoUrl,
          ...(isAdmin && {
            labelContactPhone: saved.labelContactPhone ?? "",
            labelContactEmail: saved.labelContactEmail ?? "",
            labelPostalAddress: saved.labelPostalAddress ?? "",
            labelReturnAddress: saved.labelReturnAddress ?? "",
          }),
        });
        toast({ title: "Success", description: "Label settings updated successfully" });
      },
    });
  }

  // The name is checked first, then the logo; each problem is a toast.
  function invalid(errors: FieldErrors<UpdateLabel>) {
    const message = errors.labelName?.message ?? errors.labelLogoUrl?.message;
    if (message) toast({ title: message, variant: "destructive" });
  }

  const logo = form.watch("labelLogoUrl");
  const name = form.watch("labelName");

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(save, invalid)} noValidate className="max-w-2xl">
        <Card>
          <CardContent className="grid gap-6 pt-6">
            <TextField
              control={form.control}
              name="labelName"
              label="Label Name"
              placeholder="Your label's name"
              autoComplete="organization"
              maxLength={100}
            />
            <LogoField
              value={logo || null}
              labelName={name}
              onUploaded={(objectPath) => form.setValue("labelLogoUrl", objectPath, { shouldDirty: true })}
            />
            {isAdmin && <PublicContactFields control={form.control} />}
            {isAdmin && <PostalAddressFields control={form.control} />}
          </CardContent>
          <CardFooter className="flex-wrap justify-end gap-2">
            <Button asChild variant="outline">
              <Link href="/">Cancel</Link>
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? "Saving..." : "Save Changes"}
            </Button>
          </CardFooter>
        </Card>
      </form>
    </Form>
  );
}
