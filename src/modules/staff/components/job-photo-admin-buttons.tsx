"use client";

import { ConfirmActionButton } from "@/components/ui/overlay/confirm-action-button";
import { removeJobPhotoAsAdminAction, restoreJobPhotoAction } from "../admin-actions";
import type { JobPhotoCard } from "../domain/job-record";

// The admin's buttons under a job photo on the booking page (issue 41 §7): Remove hides it from the
// customer and the technicians (kept, and deleted for good only after the retention period); Put back
// shows a removed one again. Each is confirmed first, audited, and on the booking's timeline.

export function JobPhotoAdminButtons({
  photo,
  retentionDays,
}: {
  photo: JobPhotoCard;
  retentionDays: number;
}) {
  const what = <span className="sr-only"> {photo.alt}</span>;
  return photo.removed ? (
    <ConfirmActionButton
      action={restoreJobPhotoAction}
      input={{ photoId: photo.id }}
      variant="secondary"
      title="Put this photo back?"
      description="The customer sees it on their booking again, and the team on their day."
      confirmLabel="Yes, put it back"
      cancelLabel="Leave it removed"
      successToast="Photo put back."
    >
      Put back{what}
    </ConfirmActionButton>
  ) : (
    <ConfirmActionButton
      action={removeJobPhotoAsAdminAction}
      input={{ photoId: photo.id }}
      variant="ghost"
      title="Remove this photo?"
      description={`The customer and the team stop seeing it. It is kept for ${retentionDays} days — you can put it back until then — and then deleted for good.`}
      confirmLabel="Yes, remove it"
      cancelLabel="Keep it"
      successToast="Photo removed."
    >
      Remove{what}
    </ConfirmActionButton>
  );
}
