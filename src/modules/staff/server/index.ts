// The module's public server surface: other modules and the app import from here only (ADR 0016).
export {
  addJobPhoto,
  eraseJobPhotosWith,
  type JobPhoto,
  type JobPhotoKind,
  listJobPhotos,
  MAX_PHOTOS_PER_JOB,
  readJobPhoto,
  removeJobPhoto,
} from "./job-photos";
export { loadMyStaffDay, type StaffDay, type StaffDayView, type StaffJob, loadStaffDay } from "./staff-day";
export { getJobRecord, type JobRecord, loadJobRecord } from "./job-record";
export { jobPhotoUploadHandler, serveJobPhoto } from "./photo-http";
export { ICON_SIZES, staffIcon, staffManifest, staffServiceWorker } from "./offline";
