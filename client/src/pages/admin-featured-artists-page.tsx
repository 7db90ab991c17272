import { useQuery } from "@tanstack/react-query";
import type { FeaturedArtist } from "@shared/featured-artists";
import { ManagementPage, QueryState, useConfirmDelete, useEditor } from "@/components/management";
import { featuredArtistsQuery, useDeleteFeaturedArtist } from "@/features/featured-artists/api";
import { FeaturedArtistDialog } from "@/features/featured-artists/components/featured-artist-dialog";
import { FeaturedArtistList } from "@/features/featured-artists/components/featured-artist-list";
import {
  DELETE_FEATURED_ARTIST_CONFIRM,
  FEATURED_ARTIST_TOASTS,
} from "@/features/featured-artists/components/featured-artist-messages";

/** /admin/featured-artists: the Community Featured Artist of the Month. */
export function AdminFeaturedArtistsPage() {
  const editor = useEditor<FeaturedArtist>();
  return (
    <ManagementPage
      title="Manage Featured Artists"
      description="Choose the Community Featured Artist of the Month shown on the landing page"
      addLabel="Add Featured Artist"
      onAdd={() => editor.edit(null)}
    >
      <FeaturedArtists onEdit={editor.edit} />
      <FeaturedArtistDialog {...editor.dialogProps} />
    </ManagementPage>
  );
}

function FeaturedArtists({ onEdit }: { onEdit: (artist: FeaturedArtist) => void }) {
  const query = useQuery(featuredArtistsQuery);
  const { confirmDelete, deletingId } = useConfirmDelete(
    useDeleteFeaturedArtist(),
    DELETE_FEATURED_ARTIST_CONFIRM,
    FEATURED_ARTIST_TOASTS,
  );
  return (
    <QueryState query={query} what="featured artists">
      {(artists) => (
        <FeaturedArtistList artists={artists} onEdit={onEdit} onDelete={confirmDelete} deletingId={deletingId} />
      )}
    </QueryState>
  );
}
