// The one way an administrator's management page works (tour dates, merchandise, featured
// artists, live streams): an admin-only page with an add button, a list with edit and
// delete per row, a create/edit dialog, a browser confirm before deleting, and the
// 'Success' / 'Error' toasts (their texts: docs/product.md, "Texts and messages").
import type { UseMutationResult, UseQueryResult } from "@tanstack/react-query";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { Fragment, useCallback, useState } from "react";
import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { AdminOnly } from "@/components/admin-only";
import { PageLoading } from "@/components/page-loading";
import { LoadError, PageShell } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { useCurrentUser } from "@/lib/auth";
import { showFieldErrors, type FieldErrorsTarget } from "@/lib/form-errors";
import { toast } from "@/hooks/use-toast";

export type CrudAction = "create" | "update" | "delete";
export type ResultMessages = { success: string; failure: string };
export type CrudMessages = Record<CrudAction, ResultMessages>;

/** crudMessages("tour date").create → 'Tour date created successfully' / 'Failed to create tour date'. */
export function crudMessages(noun: string): CrudMessages {
  const subject = noun.charAt(0).toUpperCase() + noun.slice(1);
  const entry = (action: CrudAction): ResultMessages => ({
    success: `${subject} ${action}d successfully`,
    failure: `Failed to ${action} ${noun}`,
  });
  return { create: entry("create"), update: entry("update"), delete: entry("delete") };
}

/**
 * Mutation callbacks that raise the product's toast for the outcome (the server's message is not
 * shown in it; a form puts the fields' messages beside them with `onFailure`). Mutations used
 * here declare `meta: { ownErrorToast: true }`, so the default error toast stays away.
 */
export function resultToasts(messages: ResultMessages, onSuccess?: () => void, onFailure?: (error: Error) => void) {
  return {
    onSuccess: () => {
      toast({ title: "Success", description: messages.success });
      onSuccess?.();
    },
    onError: (error: Error) => {
      onFailure?.(error);
      toast({ title: "Error", description: messages.failure, variant: "destructive" });
    },
  };
}

type Row = { id: string };

/**
 * Creates, or updates the row being edited, with the matching toasts; `onDone` closes the
 * dialog. The form's values must suit both calls (POST body and PUT/PATCH body). Given the
 * form, a 400's field messages appear beside its fields (lib/form-errors.ts).
 */
export function useSave<CreateBody, UpdateBody, Values extends FieldValues = FieldValues>(
  mutations: {
    create: UseMutationResult<unknown, Error, CreateBody>;
    update: UseMutationResult<unknown, Error, { id: string; data: UpdateBody }>;
  },
  editing: Row | null,
  messages: CrudMessages,
  onDone: () => void,
  form?: FieldErrorsTarget<Values>,
  /** More to show on a failure (a 409 beside the field it concerns), besides the 400's field messages. */
  alsoOnFailure?: (error: Error) => void,
) {
  const { create, update } = mutations;
  const onFailure = (error: Error) => {
    if (form) showFieldErrors(form, error);
    alsoOnFailure?.(error);
  };
  return {
    pending: create.isPending || update.isPending,
    save: (values: CreateBody & UpdateBody) => {
      if (editing) update.mutate({ id: editing.id, data: values }, resultToasts(messages.update, onDone, onFailure));
      else create.mutate(values, resultToasts(messages.create, onDone, onFailure));
    },
  };
}

/** Asks the browser to confirm, then deletes with the matching toasts. */
export function useConfirmDelete(
  remove: UseMutationResult<unknown, Error, string>,
  question: string,
  messages: CrudMessages,
) {
  return {
    deletingId: remove.isPending ? (remove.variables ?? null) : null,
    confirmDelete: (row: Row) => {
      if (!window.confirm(question)) return;
      remove.mutate(row.id, resultToasts(messages.delete));
    },
  };
}

/** Open/closed state of the create/edit dialog and the row it edits (null: create). */
export function useEditor<T extends Row>() {
  const [state, setState] = useState<{ open: boolean; item: T | null }>({ open: false, item: null });
  // Stable, so an effect may open the editor (a link to one item's editor).
  const edit = useCallback((item: T | null) => setState({ open: true, item }), []);
  return {
    edit,
    dialogProps: {
      open: state.open,
      item: state.item,
      onOpenChange: (open: boolean) => setState((current) => ({ ...current, open })),
    },
  };
}

export type EditorDialogProps<T> = { open: boolean; item: T | null; onOpenChange: (open: boolean) => void };

/** The dialog around a create/edit form; the form is keyed so each row starts fresh. */
export function EditorDialog<T extends Row>({
  open,
  item,
  onOpenChange,
  className,
  children,
}: EditorDialogProps<T> & { className?: string; children: (item: T | null, close: () => void) => ReactNode }) {
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        {open && <Fragment key={item?.id ?? "new"}>{children(item, close)}</Fragment>}
      </DialogContent>
    </Dialog>
  );
}

export function EditorFooter({
  onCancel,
  pending,
  submitLabel,
}: {
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}

/** PageShell with an add button for administrators; anyone else sees 'Administrator access required'. */
export function ManagementPage({
  title,
  description,
  addLabel,
  onAdd,
  children,
}: {
  title: string;
  description: string;
  addLabel: string;
  onAdd: () => void;
  children: ReactNode;
}) {
  const { isAdmin } = useCurrentUser();
  const action = isAdmin && (
    <Button type="button" onClick={onAdd}>
      <Plus aria-hidden="true" />
      {addLabel}
    </Button>
  );
  return (
    <PageShell title={title} description={description} actions={action}>
      <AdminOnly>{children}</AdminOnly>
    </PageShell>
  );
}

/** Loading and error states of a management list; renders `children` with the loaded rows. */
export function QueryState<T>({
  query,
  what,
  loadingLabel = `Loading ${what}...`,
  children,
}: {
  query: UseQueryResult<T[]>;
  what: string;
  loadingLabel?: string;
  children: (rows: T[]) => ReactNode;
}) {
  if (query.isLoading) return <PageLoading label={loadingLabel} className="min-h-40" />;
  if (query.isError) return <LoadError what={what} onRetry={() => void query.refetch()} />;
  return <>{children(query.data ?? [])}</>;
}

/** Shown when a management list is empty. */
export function EmptyList({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed bg-card/60 p-8 text-center text-muted-foreground">
      {children}
    </div>
  );
}

/** Edit and delete for one row; `name` makes each button's accessible name unique. */
export function RowActions({
  name,
  onEdit,
  onDelete,
  deleting,
  compactDelete = false,
  className,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
  /** An icon-only delete button (its name still comes from aria-label). */
  compactDelete?: boolean;
  className?: string;
}) {
  return (
    <div className={className ?? "flex shrink-0 gap-2"}>
      <Button type="button" variant="outline" size="sm" aria-label={`Edit ${name}`} onClick={onEdit}>
        <Pencil aria-hidden="true" />
        Edit
      </Button>
      <Button
        type="button"
        variant="outline"
        size={compactDelete ? "icon" : "sm"}
        className={
          compactDelete ? "size-9 text-destructive hover:text-destructive" : "text-destructive hover:text-destructive"
        }
        aria-label={`Delete ${name}`}
        disabled={deleting}
        onClick={onDelete}
      >
        <Trash2 aria-hidden="true" />
        {!compactDelete && "Delete"}
      </Button>
    </div>
  );
}
