export { StaffForm } from './StaffForm';
export { StaffList } from './StaffList';
export { StaffStatusActions } from './StaffStatusActions';
export { WorkerCountLine, WorkerLimitNotice } from './WorkerLimit';
