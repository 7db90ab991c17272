import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, type ComponentProps } from "react";
import { useForm } from "react-hook-form";
import { vendorInfoSchema, type VendorInfo } from "@shared/vendor-bookings";
import { TextField } from "@/components/form-fields/text-field";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { showFieldErrors } from "@/lib/form-errors";

const FIELDS: { name: keyof VendorInfo; label: string; type: ComponentProps<"input">["type"]; autoComplete: string }[] =
  [
    { name: "vendorName", label: "Vendor Name", type: "text", autoComplete: "name" },
    { name: "vendorEmail", label: "Email", type: "email", autoComplete: "email" },
    { name: "vendorPhone", label: "Phone", type: "tel", autoComplete: "tel" },
    { name: "businessName", label: "Business Name", type: "text", autoComplete: "organization" },
    { name: "foodType", label: "Food Type", type: "text", autoComplete: "off" },
  ];

const EMPTY: VendorInfo = { vendorName: "", vendorEmail: "", vendorPhone: "", businessName: "", foodType: "" };

/**
 * Step 2, the vendor's details: validated with the same schema the server applies; a 400 that
 * refused some of them (`serverError`, from the start of the payment) shows its messages beside
 * them.
 */
export function VendorInfoStep({
  defaultValues,
  pending,
  onBack,
  onSubmit,
  serverError,
}: {
  defaultValues: VendorInfo | null;
  pending: boolean;
  onBack(values: VendorInfo): void;
  onSubmit(values: VendorInfo): void;
  /** The start's 400, when it refused some of these fields. */
  serverError?: unknown;
}) {
  const form = useForm({ resolver: zodResolver(vendorInfoSchema), defaultValues: defaultValues ?? EMPTY });
  useEffect(() => {
    if (serverError) showFieldErrors(form, serverError);
  }, [serverError, form]);

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
        {FIELDS.map(({ name, label, type, autoComplete }) => (
          <TextField
            key={name}
            control={form.control}
            name={name}
            label={label}
            type={type}
            autoComplete={autoComplete}
          />
        ))}
        <DialogFooter>
          <Button type="button" variant="outline" disabled={pending} onClick={() => onBack(form.getValues())}>
            Back
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? "Preparing payment..." : "Continue to Payment"}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
