import type { ButtonHTMLAttributes } from 'react';
import { cx } from './cx';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  /** Shows a spinner and disables the button while an action is pending. */
  loading?: boolean;
  fullWidth?: boolean;
};

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-green-700 text-white hover:bg-green-800 active:bg-green-900 disabled:bg-green-700/60',
  secondary: 'border border-stone-300 bg-white text-stone-900 hover:bg-stone-100 disabled:text-stone-500',
  danger: 'bg-red-700 text-white hover:bg-red-800 active:bg-red-900 disabled:bg-red-700/60',
  ghost: 'bg-transparent text-stone-800 hover:bg-stone-100 disabled:text-stone-500',
};

export const buttonClasses = (variant: ButtonVariant = 'primary', fullWidth = false) =>
  cx(
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-base font-medium',
    'transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700',
    'disabled:cursor-not-allowed',
    VARIANTS[variant],
    fullWidth && 'w-full',
  );

export function Button({
  variant = 'primary',
  loading = false,
  fullWidth = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(buttonClasses(variant, fullWidth), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner className="size-4" />}
      {children}
    </button>
  );
}
