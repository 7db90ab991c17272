import * as DialogPrimitive from "@radix-ui/react-dialog";
import type { CSSProperties, ReactNode } from "react";
import { SIDEBAR_WIDTH_MOBILE } from "@shared/constants";
import { overlayClassName } from "@/components/ui/dialog";
import { cn } from "@/lib/utils";

/**
 * The sidebar below 768 px: a modal slide-in panel (Radix Dialog), so focus is trapped while
 * it is open and Escape closes it. Loaded lazily by sidebar.tsx.
 */
export default function SidebarMobilePanel({
  open,
  onOpenChange,
  label,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClassName} />
        <DialogPrimitive.Content
          data-slot="sidebar"
          data-mobile="true"
          aria-describedby={undefined}
          style={{ "--sidebar-width": SIDEBAR_WIDTH_MOBILE } as CSSProperties}
          className={cn(
            "fixed inset-y-0 left-0 z-50 flex h-dvh w-(--sidebar-width) max-w-[calc(100vw-2rem)] flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground shadow-xl outline-hidden transition-transform duration-200 ease-out starting:-translate-x-full",
            className,
          )}
        >
          <DialogPrimitive.Title className="sr-only">{label}</DialogPrimitive.Title>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
