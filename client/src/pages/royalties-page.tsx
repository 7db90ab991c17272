import { PageShell } from "@/components/page-shell";
import { MyStatements } from "@/features/royalties/statements/components/my-statements";

/** /royalties: the signed-in member's royalty statements, when their e-mail is a payee's. */
export function RoyaltiesPage() {
  return (
    <PageShell title="Royalties" description="Your royalty statements, newest first">
      <MyStatements />
    </PageShell>
  );
}
