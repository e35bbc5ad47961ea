export { Badge } from './Badge';
export { Button, buttonClasses } from './Button';
export { ConfirmDialog } from './ConfirmDialog';
export { cx } from './cx';
export { Dialog } from './Dialog';
export { EmptyState } from './EmptyState';
export { FormAlert } from './FormAlert';
export { LeaveGuard } from './LeaveGuard';
export {
  optionsOf,
  SelectField,
  TextareaField,
  TextField,
  type SelectOption,
  type TextFieldProps,
} from './Field';
export { PageHeader } from './PageHeader';
export { PagedList } from './PagedList';
export { ResponsiveList, type ListColumn } from './ResponsiveList';
export { SkeletonRows } from './Skeleton';
export { TypeToConfirm } from './TypeToConfirm';
export { WaitingList } from './WaitingList';
export { PairedBars } from './PairedBars';
