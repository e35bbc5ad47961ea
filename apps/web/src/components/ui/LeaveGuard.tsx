import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Dialog } from './Dialog';

/**
 * A form on a screen of its own that holds changes not saved yet: leaving it (the phone's Back
 * button, a link, the menu) asks first, as closing a form sheet does; closing or reloading the tab
 * gets the browser's own question. `when` is asked at the moment of leaving, so a form that has
 * just saved can let its own navigation through.
 */
export function LeaveGuard({ when }: { when: () => boolean }) {
  const { t } = useTranslation('common');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && when(),
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (when()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return (
    <Dialog
      open={blocker.state === 'blocked'}
      role="alertdialog"
      onClose={() => blocker.reset?.()}
      title={t('discard.title')}
      description={t('discard.message')}
      footer={
        <>
          <Button variant="secondary" onClick={() => blocker.reset?.()} data-autofocus>
            {t('discard.keep')}
          </Button>
          <Button variant="danger" onClick={() => blocker.proceed?.()}>
            {t('discard.confirm')}
          </Button>
        </>
      }
    />
  );
}
