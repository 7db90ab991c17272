import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useEffect, useRef } from "react";
import type { ComponentProps, Ref, RefObject } from "react";
import { cn } from "@/lib/utils";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export const overlayClassName =
  "fixed inset-0 z-50 bg-black/70 backdrop-blur-[2px] data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out";

export const modalContentClassName =
  "fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-xl outline-hidden data-[state=open]:animate-zoom-in data-[state=closed]:animate-zoom-out";

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return <DialogPrimitive.Overlay data-slot="dialog-overlay" className={cn(overlayClassName, className)} {...props} />;
}

type EscapeHandler = ComponentProps<typeof DialogPrimitive.Content>["onEscapeKeyDown"];

/**
 * A toast raised while a dialog is open sits above it in Radix's stack of dismissable layers,
 * so the first Escape would only dismiss the toast. With focus in the dialog, Escape is meant
 * for the dialog: close it at once (through its own Close, so every dialog works) and leave
 * the toast to time out.
 */
function useEscapeAheadOfToasts(
  contentRef: RefObject<HTMLDivElement | null>,
  closeRef: RefObject<HTMLButtonElement | null>,
  onEscapeKeyDown: EscapeHandler,
) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      const target = event.target instanceof Node ? event.target : null;
      if (!target || !contentRef.current?.contains(target)) return;
      if (!document.querySelector('[data-slot="toast"][data-state="open"]')) return;
      event.stopPropagation();
      onEscapeKeyDown?.(event);
      if (!event.defaultPrevented) closeRef.current?.click();
    };
    // Capture on window runs before Radix's listeners, which capture on the document.
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, [contentRef, closeRef, onEscapeKeyDown]);
}

function mergeRefs<T>(...refs: (Ref<T> | undefined)[]) {
  return (node: T | null) => {
    for (const ref of refs) {
      if (typeof ref === "function") ref(node);
      else if (ref) ref.current = node;
    }
  };
}

export function DialogContent({
  className,
  children,
  showCloseButton = true,
  onEscapeKeyDown,
  ref,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { showCloseButton?: boolean }) {
  const contentRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEscapeAheadOfToasts(contentRef, closeRef, onEscapeKeyDown);
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        ref={mergeRefs(ref, contentRef)}
        className={cn(modalContentClassName, className)}
        onEscapeKeyDown={onEscapeKeyDown}
        {...props}
      >
        {children}
        {showCloseButton ? (
          <DialogPrimitive.Close
            ref={closeRef}
            className="absolute right-4 top-4 rounded-sm opacity-70 transition-opacity hover:opacity-100 outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none [&_svg]:size-4"
          >
            <X aria-hidden="true" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        ) : (
          <DialogPrimitive.Close ref={closeRef} hidden />
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="dialog-header"
      className={cn("flex flex-col gap-1.5 pr-6 text-center sm:text-left", className)}
      {...props}
    />
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn("text-lg font-semibold leading-none tracking-tight", className)}
      {...props}
    />
  );
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn("text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}
