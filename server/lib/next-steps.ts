import type { AppConfig } from "../config";

/**
 * What a person who just ran `npm run dev` needs next, in plain lines for the terminal (the
 * log lines around it are JSON for machines). Printed in development only.
 */
export function nextSteps(config: AppConfig): string {
  const lines = [`Label Records is running: open ${config.appUrl}`];
  if (config.oidc) {
    lines.push(`Sign in through your OpenID Connect provider at ${config.oidc.issuerUrl}.`);
  } else {
    lines.push("Sign in with any e-mail address through the built-in sign-in page.");
  }
  if (config.adminEmails.length > 0) {
    lines.push(`Administrators: ${config.adminEmails.join(", ")} (sign in with one of these addresses).`);
  } else {
    lines.push("To become an administrator, restart with ADMIN_EMAILS=you@example.com (the address you sign in with):");
    lines.push("  ADMIN_EMAILS=you@example.com npm run dev");
  }
  if (config.masterCode) {
    lines.push(
      'MASTER_CODE is set: a signed-in user who enters it under "Enter master code" becomes an administrator.',
    );
  }
  lines.push(
    config.databaseUrl
      ? "Press Ctrl+C to stop."
      : "Press Ctrl+C to stop; the embedded PostgreSQL stops with the server.",
  );
  return `\n${lines.map((line) => `  ${line}`).join("\n")}\n`;
}
