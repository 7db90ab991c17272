import { useState } from "react";
import type { Payee } from "@shared/royalty-catalogue";
import { ManagementPage, QueryState, useEditor } from "@/components/management";
import { SearchField } from "@/features/royalties/components/search-field";
import { usePayees } from "@/features/royalties/payees/api";
import { PayeeDetailDialog } from "@/features/royalties/payees/components/payee-detail";
import { PayeeDialog } from "@/features/royalties/payees/components/payee-dialog";
import { PayeeList } from "@/features/royalties/payees/components/payee-list";

/** /admin/payees: who is paid royalties, their splits and the advances recouped from them. */
export function AdminPayeesPage() {
  const editor = useEditor<Payee>();
  const [search, setSearch] = useState("");
  const [openId, setOpenId] = useState<string | null>(null);
  const query = usePayees(search);
  return (
    <ManagementPage
      title="Payees"
      description="Artists, producers and others paid a share of royalties, and what was advanced to them"
      addLabel="New payee"
      onAdd={() => editor.edit(null)}
    >
      <SearchField
        label="Search payees"
        placeholder="Name, e-mail or artist name"
        value={search}
        onChange={setSearch}
        count={query.data?.length}
        one="payee"
        many="payees"
      />
      <QueryState query={query} what="the payees" loadingLabel="Loading payees...">
        {(payees) => (
          <PayeeList
            payees={payees}
            searching={search.trim() !== ""}
            onOpen={(p) => setOpenId(p.id)}
            onEdit={editor.edit}
          />
        )}
      </QueryState>
      <PayeeDialog {...editor.dialogProps} />
      <PayeeDetailDialog payeeId={openId} onClose={() => setOpenId(null)} />
    </ManagementPage>
  );
}
