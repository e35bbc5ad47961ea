import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/Button';

type Props = {
  children: ReactNode;
  /** When this value changes (e.g. the path), a shown error is dismissed. */
  resetKey?: string;
};

type State = { error: Error | null; resetKey: string | undefined };

/** Catches a screen's render errors so the shell stays usable. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { resetKey: props.resetKey, error: null } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <ErrorFallback error={this.state.error} onRetry={() => this.setState({ error: null })} />;
  }
}

export function ErrorFallback({ error, onRetry }: { error: Error | null; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-12 text-center">
      <AlertTriangle aria-hidden="true" className="size-10 text-amber-700" />
      <h2 className="text-xl font-semibold text-stone-900">{t('errors.somethingWentWrong')}</h2>
      <p className="text-stone-700">{error?.message || t('errors.unexpected')}</p>
      <Button onClick={onRetry}>{t('errors.tryAgain')}</Button>
    </div>
  );
}
