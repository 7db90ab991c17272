import { route } from "./api-route";

/**
 * The label's settings and how visitors reach it. Their schemas: labelContract in
 * shared/label.ts.
 */
export const labelApi = {
  contact: route("GET", "/api/label/contact", "public"),
  update: route("PUT", "/api/user/label", "member"),
};
