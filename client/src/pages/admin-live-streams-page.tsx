import { useQuery } from "@tanstack/react-query";
import type { AdminLiveStream } from "@shared/live-streams";
import { ManagementPage, QueryState, useConfirmDelete, useEditor } from "@/components/management";
import { liveStreamsQuery, useDeleteLiveStream } from "@/features/live-streams/api";
import { LiveStreamDialog } from "@/features/live-streams/components/live-stream-dialog";
import { LiveStreamList } from "@/features/live-streams/components/live-stream-list";
import {
  DELETE_LIVE_STREAM_CONFIRM,
  LIVE_STREAM_TOASTS,
} from "@/features/live-streams/components/live-stream-messages";

/** /admin/live-streams: what the landing page's LIVE NOW block shows. */
export function AdminLiveStreamsPage() {
  const editor = useEditor<AdminLiveStream>();
  return (
    <ManagementPage
      title="Manage Live Streams"
      description="Schedule streams, go live and set up the platforms they reach"
      addLabel="Add Live Stream"
      onAdd={() => editor.edit(null)}
    >
      <LiveStreams onEdit={editor.edit} />
      <LiveStreamDialog {...editor.dialogProps} />
    </ManagementPage>
  );
}

function LiveStreams({ onEdit }: { onEdit: (stream: AdminLiveStream) => void }) {
  const query = useQuery(liveStreamsQuery);
  const { confirmDelete, deletingId } = useConfirmDelete(
    useDeleteLiveStream(),
    DELETE_LIVE_STREAM_CONFIRM,
    LIVE_STREAM_TOASTS,
  );
  return (
    <QueryState query={query} what="live streams">
      {(streams) => (
        <LiveStreamList streams={streams} onEdit={onEdit} onDelete={confirmDelete} deletingId={deletingId} />
      )}
    </QueryState>
  );
}
