import type { User as AppUser } from "@shared/users";

declare global {
  namespace Express {
    // passport's req.user is the app's user row.
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends AppUser {}
  }
}

declare module "express-session" {
  interface SessionData {
    /** Where to go once the sign-in started at /api/login finishes (a checked relative path). */
    returnTo?: string;
  }
}

export {};
