import { route } from "./api-route";

/** "Enter master code". Its schemas: masterCodeContract in shared/master-code.ts. */
export const masterCodeApi = {
  enter: route("POST", "/api/auth/master-code", "member"),
};
