// The module's public server surface: other modules and the app import from here only (ADR 0016).
export {
  addJobPhoto,
  eraseJobPhotosWith,
  type JobPhoto,
  type JobPhotoKind,
  listJobPhotos,
  MAX_PHOTOS_PER_JOB,
  readJobPhoto,
} from "./job-photos";
export { purgeRemovedJobPhotos, removeJobPhoto, restoreJobPhoto } from "./photo-removal";
export { staffJobs } from "./jobs";
export { loadMyStaffDay, type StaffDay, type StaffDayView, type StaffJob, loadStaffDay } from "./staff-day";
export { getJobRecord, type JobRecord, loadJobRecord } from "./job-record";
export { jobPhotoUploadHandler, serveJobPhoto } from "./photo-http";
export { ICON_SIZES, staffIcon, staffManifest } from "./offline";
export { STAFF_CACHE, staffServiceWorker } from "./service-worker";
