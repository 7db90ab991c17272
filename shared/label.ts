import { defineContract } from "./contract";
import { labelApi } from "./label.api";
import { currentUserSchema, labelContactSchema, updateLabelSchema } from "./users";

/** docs/product.md, "Label settings". */
export const labelContract = defineContract("label", labelApi, {
  contact: {
    summary: "How visitors reach the label: as its administrators set it, else the site's default pair",
    responses: { 200: labelContactSchema },
  },
  update: {
    summary: "Saves the label's name and logo (an upload of this user's), and an administrator's public contact",
    description: "Contact fields left out are kept; blank ones are cleared. The answer is the updated user.",
    body: updateLabelSchema,
    responses: { 200: currentUserSchema },
  },
});
