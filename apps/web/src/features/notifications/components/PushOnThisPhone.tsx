import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { useSendTestNotification } from '../api';
import { allowPush, pushState, stopPush, type PushState } from '../push';
import { Section } from './NotificationSettingsForm';

/**
 * "This phone": whether this browser shows Gona's notifications, the button that asks for
 * permission and subscribes, the one that turns them off here, and a test notification.
 */
export function PushOnThisPhone({ publicKey }: { publicKey: string }) {
  const { t } = useTranslation('notifications');
  const errorText = useErrorText();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const sendTest = useSendTestNotification();

  useEffect(() => {
    let active = true;
    void pushState().then((known) => active && setState(known));
    return () => {
      active = false;
    };
  }, []);

  const change = async (run: () => Promise<PushState>) => {
    setBusy(true);
    try {
      setState(await run());
    } catch (error) {
      toast.error(t('settings.allowFailed', { message: errorText(error) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section id="notification-phone" title={t('settings.phoneTitle')}>
      {state === 'unsupported' && <p className="text-stone-700">{t('settings.unsupported')}</p>}
      {state === 'blocked' && <p className="text-stone-700">{t('settings.blocked')}</p>}
      {state === 'off' && (
        <>
          <p className="text-stone-700">{t('settings.phoneOff')}</p>
          <Button loading={busy} onClick={() => void change(() => allowPush(publicKey))}>
            {t('settings.allow')}
          </Button>
        </>
      )}
      {state === 'on' && (
        <>
          <p role="status" className="text-stone-700">
            {t('settings.phoneOn')}
          </p>
          <Button
            variant="secondary"
            loading={busy}
            onClick={() =>
              void change(async () => {
                await stopPush();
                toast.success(t('settings.phoneOffNow'));
                return 'off';
              })
            }
          >
            {t('settings.turnOff')}
          </Button>
        </>
      )}
      <Button
        variant="secondary"
        loading={sendTest.isPending}
        onClick={() =>
          sendTest.mutate(undefined, {
            onSuccess: () => toast.success(t('settings.testSent')),
            onError: (error) => toast.error(t('settings.testFailed', { message: errorText(error) })),
          })
        }
      >
        {t('settings.sendTest')}
      </Button>
    </Section>
  );
}
