import type { ReactNode } from "react";
import { SIGN_OUT_PATH } from "@shared/sign-in";

/**
 * Log Out: a form that POSTs to /api/logout, still a full-page navigation. A plain link would
 * let any other site sign a person out; the server refuses a POST from another site, and a
 * GET only asks "Sign out?". `children` is the submit button.
 */
export function LogOutForm({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <form method="post" action={SIGN_OUT_PATH} className={className}>
      {children}
    </form>
  );
}
