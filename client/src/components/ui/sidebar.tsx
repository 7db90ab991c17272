import { Slot } from "@radix-ui/react-slot";
import { PanelLeft } from "lucide-react";
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { ComponentProps, CSSProperties, ReactNode } from "react";
import { SIDEBAR_WIDTH } from "@shared/constants";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { isEditable, isOtherDialogOpen, readSidebarCookie, useIsMobile, writeSidebarCookie } from "./sidebar-state";
import { SidebarTooltipsReady } from "./sidebar-tooltips-ready";

const SIDEBAR_WIDTH_ICON = "3rem";

// Tooltips show only on the collapsed desktop sidebar: their positioning code loads when the
// sidebar first collapses, not with every signed-in page (docs/operations.md, "Figures").
const loadTooltips = () => import("./sidebar-tooltip");
const SidebarTooltip = lazy(() => loadTooltips().then((m) => ({ default: m.SidebarTooltip })));
const SidebarTooltipProvider = lazy(() => loadTooltips().then((m) => ({ default: m.SidebarTooltipProvider })));
// Likewise the phone's slide-in panel (a dialog) loads only on a narrow screen.
const SidebarMobilePanel = lazy(() => import("./sidebar-mobile-panel"));
const SIDEBAR_KEYBOARD_SHORTCUT = "b";

type SidebarContextValue = {
  state: "expanded" | "collapsed";
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
};

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error("useSidebar must be used inside <SidebarProvider>");
  return context;
}

export function SidebarProvider({
  defaultOpen = true,
  className,
  style,
  children,
  ...props
}: ComponentProps<"div"> & { defaultOpen?: boolean }) {
  const isMobile = useIsMobile();
  const [openMobile, setOpenMobile] = useState(false);
  const [open, setOpenState] = useState(() => readSidebarCookie() ?? defaultOpen);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    writeSidebarCookie(next);
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((current) => !current);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  // Ctrl+B (Cmd+B on macOS) toggles the sidebar, but not while typing (where
  // the keys may mean bold) or while a dialog covers the page (the sidebar would move unseen).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== SIDEBAR_KEYBOARD_SHORTCUT) return;
      if (!(event.metaKey || event.ctrlKey) || event.altKey || event.shiftKey) return;
      if (isEditable(event.target) || isOtherDialogOpen()) return;
      event.preventDefault();
      toggleSidebar();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggleSidebar]);

  const state = open ? "expanded" : "collapsed";
  const value = useMemo<SidebarContextValue>(
    () => ({ state, open, setOpen, openMobile, setOpenMobile, isMobile, toggleSidebar }),
    [state, open, setOpen, openMobile, isMobile, toggleSidebar],
  );

  return (
    <SidebarContext.Provider value={value}>
      <div
        data-slot="sidebar-wrapper"
        style={
          {
            "--sidebar-width": SIDEBAR_WIDTH,
            "--sidebar-width-icon": SIDEBAR_WIDTH_ICON,
            ...style,
          } as CSSProperties
        }
        className={cn("group/sidebar-wrapper flex min-h-dvh w-full", className)}
        {...props}
      >
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

/**
 * Desktop: a fixed column that collapses to its icons. Below 768 px: a modal slide-in panel
 * (Radix Dialog), so focus is trapped while it is open and Escape closes it.
 */
export function Sidebar({
  className,
  children,
  label = "Sidebar",
}: {
  className?: string;
  children: ReactNode;
  /** Accessible name of the sidebar's landmark, and title of the mobile panel. */
  label?: string;
}) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();

  if (isMobile) {
    return (
      <Suspense fallback={null}>
        <SidebarMobilePanel open={openMobile} onOpenChange={setOpenMobile} label={label} className={className}>
          {children}
        </SidebarMobilePanel>
      </Suspense>
    );
  }

  return (
    <div
      data-slot="sidebar"
      data-state={state}
      data-collapsible={state === "collapsed" ? "icon" : ""}
      className="group peer hidden text-sidebar-foreground md:block"
    >
      {/* Takes the sidebar's width in the page flow, since the sidebar itself is fixed. */}
      <div
        aria-hidden="true"
        className="w-(--sidebar-width) transition-[width] duration-200 ease-linear group-data-[collapsible=icon]:w-(--sidebar-width-icon)"
      />
      {/* A landmark, so the brand and the footer above and below the navigation belong to one
          too (axe's "region" rule): nothing on a page sits outside a landmark. */}
      <aside
        aria-label={label}
        className={cn(
          "fixed inset-y-0 left-0 z-10 hidden h-dvh w-(--sidebar-width) flex-col border-r border-sidebar-border bg-sidebar transition-[width] duration-200 ease-linear group-data-[collapsible=icon]:w-(--sidebar-width-icon) md:flex",
          className,
        )}
      >
        {state === "collapsed" ? (
          <Suspense fallback={children}>
            <SidebarTooltipProvider>{children}</SidebarTooltipProvider>
          </Suspense>
        ) : (
          children
        )}
      </aside>
    </div>
  );
}

export function SidebarTrigger({ className, onClick, ...props }: ComponentProps<typeof Button>) {
  const { toggleSidebar, isMobile, open, openMobile } = useSidebar();
  return (
    <Button
      data-slot="sidebar-trigger"
      type="button"
      variant="ghost"
      size="icon"
      aria-label="Toggle sidebar"
      aria-expanded={isMobile ? openMobile : open}
      title="Toggle sidebar (Ctrl+B)"
      className={cn("size-9", className)}
      onClick={(event) => {
        onClick?.(event);
        toggleSidebar();
      }}
      {...props}
    >
      <PanelLeft aria-hidden="true" />
    </Button>
  );
}

export function SidebarInset({ className, ...props }: ComponentProps<"div">) {
  return (
    <div data-slot="sidebar-inset" className={cn("relative flex min-w-0 flex-1 flex-col", className)} {...props} />
  );
}

export function SidebarHeader({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="sidebar-header" className={cn("flex flex-col gap-2 p-2", className)} {...props} />;
}

export function SidebarFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="sidebar-footer"
      className={cn("mt-auto flex flex-col gap-2 border-t border-sidebar-border p-2", className)}
      {...props}
    />
  );
}

export function SidebarContent({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="sidebar-content"
      className={cn(
        "flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto overflow-x-hidden group-data-[collapsible=icon]:overflow-y-auto",
        className,
      )}
      {...props}
    />
  );
}

export function SidebarGroup({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="sidebar-group" className={cn("flex w-full min-w-0 flex-col p-2", className)} {...props} />;
}

/** Fades out when collapsed but stays in the accessibility tree as the group's name. */
export function SidebarGroupLabel({ className, children, ...props }: ComponentProps<"h2">) {
  return (
    <h2
      data-slot="sidebar-group-label"
      className={cn(
        "flex h-8 shrink-0 items-center overflow-hidden whitespace-nowrap rounded-md px-2 text-xs font-medium uppercase tracking-wider text-sidebar-foreground/75 transition-[margin,opacity] duration-200 ease-linear group-data-[collapsible=icon]:-mt-8 group-data-[collapsible=icon]:opacity-0",
        className,
      )}
      {...props}
    >
      {children}
    </h2>
  );
}

export function SidebarMenu({ className, ...props }: ComponentProps<"ul">) {
  return <ul data-slot="sidebar-menu" className={cn("flex w-full min-w-0 flex-col gap-1", className)} {...props} />;
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<"li">) {
  return <li data-slot="sidebar-menu-item" className={cn("relative", className)} {...props} />;
}

const menuButtonClassName =
  "flex h-9 w-full items-center gap-2 overflow-hidden rounded-md p-2 text-left text-sm whitespace-nowrap outline-hidden transition-[width,height,padding] hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-sidebar-ring disabled:pointer-events-none disabled:opacity-50 data-[active=true]:bg-sidebar-accent data-[active=true]:font-semibold data-[active=true]:text-sidebar-accent-foreground group-data-[collapsible=icon]:size-8! group-data-[collapsible=icon]:p-2! [&>span:last-child]:truncate [&>svg]:size-4 [&>svg]:shrink-0";

/**
 * A menu entry (a link via `asChild`, or a button). Collapsed to its icon, the label is
 * clipped but still names the control, and a tooltip shows it on hover or focus.
 */
export function SidebarMenuButton({
  asChild = false,
  isActive = false,
  tooltip,
  className,
  ...props
}: ComponentProps<"button"> & { asChild?: boolean; isActive?: boolean; tooltip?: string }) {
  const { state, isMobile } = useSidebar();
  const tooltipsReady = useContext(SidebarTooltipsReady);
  const Comp = asChild ? Slot : "button";
  const button = (
    <Comp
      data-slot="sidebar-menu-button"
      data-active={isActive}
      className={cn(menuButtonClassName, className)}
      {...props}
    />
  );
  if (!tooltip || state !== "collapsed" || isMobile || !tooltipsReady) return button;
  return (
    <Suspense fallback={button}>
      <SidebarTooltip label={tooltip}>{button}</SidebarTooltip>
    </Suspense>
  );
}
