import { route } from "./api-route";

/**
 * The signed-in user. Its schemas: authContract in shared/auth.ts. Signing in and out are page
 * navigations, not calls: their paths are in shared/sign-in.ts.
 */
export const authApi = {
  currentUser: route("GET", "/api/auth/user", "member"),
};
