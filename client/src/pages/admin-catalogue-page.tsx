import { useState } from "react";
import type { Release } from "@shared/royalty-catalogue";
import { ManagementPage, QueryState, useEditor } from "@/components/management";
import { SearchField } from "@/features/royalties/components/search-field";
import { useReleases } from "@/features/royalties/catalogue/api";
import { ReleaseDialog } from "@/features/royalties/catalogue/components/release-dialog";
import { ReleaseList } from "@/features/royalties/catalogue/components/release-list";
import { SplitsDialog } from "@/features/royalties/catalogue/components/splits-dialog";

/** /admin/catalogue: the releases and tracks royalties are reported for, and their splits. */
export function AdminCataloguePage() {
  const editor = useEditor<Release>();
  const [search, setSearch] = useState("");
  const [splitsOf, setSplitsOf] = useState<Release | null>(null);
  const query = useReleases(search);
  return (
    <ManagementPage
      title="Catalogue"
      description="Releases with their UPC and tracks with their ISRC, and who is paid a share of each"
      addLabel="New release"
      onAdd={() => editor.edit(null)}
    >
      <SearchField
        label="Search releases"
        placeholder="Title, artist, UPC, track or ISRC"
        value={search}
        onChange={setSearch}
        count={query.data?.length}
        one="release"
        many="releases"
      />
      <QueryState query={query} what="the catalogue" loadingLabel="Loading releases...">
        {(releases) => (
          <ReleaseList
            releases={releases}
            searching={search.trim() !== ""}
            onEdit={editor.edit}
            onSplits={setSplitsOf}
          />
        )}
      </QueryState>
      <ReleaseDialog {...editor.dialogProps} />
      <SplitsDialog release={splitsOf} onClose={() => setSplitsOf(null)} />
    </ManagementPage>
  );
}
