export { Badge, type BadgeTone } from './Badge';
export { Button, buttonClasses, type ButtonVariant } from './Button';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { cx } from './cx';
export { Dialog, type DialogProps } from './Dialog';
export { EmptyState } from './EmptyState';
export { FormAlert } from './FormAlert';
export {
  SelectField,
  TextareaField,
  TextField,
  type SelectFieldProps,
  type TextareaFieldProps,
  type TextFieldProps,
} from './Field';
export { PageHeader } from './PageHeader';
export { PagedList, type PagedListQuery } from './PagedList';
export { ResponsiveList, type ListColumn } from './ResponsiveList';
export { SkeletonRows } from './Skeleton';
export { Spinner } from './Spinner';
export { useFocusTrap } from './useFocusTrap';
