import type { ReactNode } from "react";
import { ConfirmAction } from "@/components/confirm-action";
import { Button } from "@/components/ui/button";

/** The invoice actions' small outline button that asks first (components/confirm-action.tsx). */
export function ConfirmButton({
  label,
  disabled,
  ...confirm
}: {
  label: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  disabled?: boolean;
  onConfirm: () => void;
}) {
  return (
    <ConfirmAction
      {...confirm}
      trigger={
        <Button type="button" variant="outline" size="sm" disabled={disabled}>
          {label}
        </Button>
      }
    />
  );
}
