// The sidebar's state outside React's tree: the cookie that keeps it open or collapsed, the
// breakpoint where it becomes a slide-in panel, and when its keyboard shortcut must stay away.
import { useEffect, useState } from "react";
import { MOBILE_BREAKPOINT, SIDEBAR_COOKIE_MAX_AGE, SIDEBAR_COOKIE_NAME } from "@shared/constants";

/** The open/collapsed state lives in the `sidebar_state` cookie (docs/product.md, "Members"). */
export function readSidebarCookie(): boolean | undefined {
  const entry = document.cookie
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SIDEBAR_COOKIE_NAME}=`));
  if (!entry) return undefined;
  const value = entry.slice(SIDEBAR_COOKIE_NAME.length + 1);
  return value === "true" ? true : value === "false" ? false : undefined;
}

export function writeSidebarCookie(open: boolean) {
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** True below the 768 px breakpoint, where the sidebar becomes a slide-in panel. */
export function useIsMobile(): boolean {
  const query = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;
  const [isMobile, setIsMobile] = useState(() => window.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const onChange = () => setIsMobile(list.matches);
    onChange();
    list.addEventListener("change", onChange);
    return () => list.removeEventListener("change", onChange);
  }, [query]);
  return isMobile;
}

/** Typing in a field: the shortcut is the field's. */
export function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']") !== null
  );
}

/** A modal dialog other than the phone's sidebar panel (which the shortcut may close). */
export function isOtherDialogOpen(): boolean {
  return document.querySelector('[role="dialog"]:not([data-slot="sidebar"]), [role="alertdialog"]') !== null;
}
