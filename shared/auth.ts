import { defineContract } from "./contract";
import { authApi } from "./auth.api";
import { currentUserSchema } from "./users";

/** docs/product.md, "Sign-in and roles". */
export const authContract = defineContract("auth", authApi, {
  currentUser: {
    summary: "The signed-in user; 401 when signed out",
    responses: { 200: currentUserSchema },
  },
});
