import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Choice, ChoiceGroup } from '@/components/Choice';
import { Notice } from '@/components/Notice';
import { useToast } from '@/components';
import { useFailureText } from '@/components/useFailureText';
import { Status } from '@/lib/status';
import { useCall } from '@/lib/store/useCall';
import { ALWAYS_BY_EMAIL, NOTIFICATION_EVENTS, type NotificationChannels, type NotificationEvent, type NotificationSettingsDto } from '@/shared/types/notifications';
import { currentSubscription, notificationsBlocked, PushPermissionRefused, pushSupported, subscribeThisDevice, unsubscribeThisDevice } from '@/lib/webPush';
import { accountApi } from '../lazyAccountApi';
import { useStatusChange } from '@/lib/store/useStatusChange';

/**
 * Where this browser stands with Web Push: no support at all, notifications blocked in the browser,
 * not yet known, or subscribed (`on`) or not (`off`).
 */
type Device = 'unsupported' | 'blocked' | 'checking' | 'off' | 'on';

type Channel = 'email' | 'push';

function initialDevice(): Device {
  if (!pushSupported()) return 'unsupported';
  return notificationsBlocked() ? 'blocked' : 'checking';
}

/** The channels of each event in the order of NOTIFICATION_EVENTS, off where the server named none. */
function channelsOf(settings: NotificationSettingsDto): NotificationChannels[] {
  return NOTIFICATION_EVENTS.map((event) => settings.events.find((e) => e.event === event) ?? { event, email: false, push: false });
}

/**
 * Settings, "Notifications": for each event (nurse on the way, not at home, results ready, critical
 * result) whether the account hears of it by e-mail and by push, each switch saved at once; and this
 * browser's Web Push subscription, turned on (permission, service worker, subscription sent to the
 * server) or off here. Messages never carry health data; non-urgent pushes wait out the quiet hours.
 */
export function NotificationsSection() {
  const { t } = useTranslation('account');
  const toast = useToast();
  /** The settings as switched here, shown while they are saved. */
  const [edited, setEdited] = useState<NotificationSettingsDto | null>(null);
  /** The settings as the server last confirmed them (what a failed save goes back to). */
  const [confirmed, setConfirmed] = useState<NotificationSettingsDto | null>(null);
  const load = useCall(async () => {
    const answer = await accountApi.notificationSettings();
    setConfirmed(answer);
    setEdited(answer);
  });
  // Each switch saves at once; only the latest save's answer is shown, earlier ones are overtaken.
  const save = useCall(async (events: NotificationChannels[]) => {
    const answer = await accountApi.saveNotificationSettings({ events });
    setConfirmed(answer);
    return answer;
  });
  const loadFailed = load.resource.status === Status.ERROR;
  const failure = save.resource.status === Status.ERROR ? save.resource.error : null;
  const settings = failure ? confirmed : edited;
  const failureText = useFailureText(failure, { field: (fields) => Object.values(fields)[0] });
  const [device, setDevice] = useState<Device>(initialDevice);
  const [notAllowed, setNotAllowed] = useState(false);
  useStatusChange(save.resource.status, {
    onSuccess: () => {
      setEdited(save.resource.data);
      toast.success(t('notifications.saved'));
    },
  });

  const { run: loadSettings } = load;
  useEffect(() => {
    void loadSettings();
  }, [loadSettings]);

  useEffect(() => {
    if (device !== 'checking') return;
    let live = true;
    currentSubscription().then(
      (s) => live && setDevice(s ? 'on' : 'off'),
      () => live && setDevice('off'),
    );
    return () => {
      live = false;
    };
  }, [device]);

  const toggle = async (event: NotificationEvent, channel: Channel, on: boolean) => {
    if (!settings) return;
    const events = channelsOf(settings).map((c) => (c.event === event ? { ...c, [channel]: on } : c));
    setEdited({ ...settings, events });
    await save.run(events);
  };

  // Turning this device's notifications on or off: one call at a time, its failure kept to show.
  const deviceCall = useCall(async (publicKey: string | null) => {
    setNotAllowed(false);
    if (publicKey === null) {
      const endpoint = await unsubscribeThisDevice();
      setDevice('off');
      // The browser no longer receives anything; a server that missed this forgets the
      // subscription on the push service's 410 at its next message.
      if (endpoint) await accountApi.removePushSubscription(endpoint).catch(() => undefined);
      return;
    }
    let subscribed = false;
    try {
      const subscription = await subscribeThisDevice(publicKey);
      subscribed = true;
      await accountApi.addPushSubscription(subscription);
      setDevice('on');
    } catch (e) {
      if (!(e instanceof PushPermissionRefused)) {
        // A subscription the server does not know would only look "on" here: take it back.
        if (subscribed) await unsubscribeThisDevice().catch(() => null);
        throw e;
      }
      if (e.permission === 'denied') setDevice('blocked');
      else setNotAllowed(true);
    }
  });
  const deviceBusy = deviceCall.resource.status === Status.LOADING;
  const deviceFailed = deviceCall.resource.status === Status.ERROR;
  const turnOn = (publicKey: string) => void deviceCall.run(publicKey);
  const turnOff = () => void deviceCall.run(null);

  const pushKey = settings?.pushPublicKey ?? null;
  let deviceState: React.ReactNode = null;
  if (!settings) deviceState = null;
  else if (!pushKey) deviceState = <Notice severity="info" role="status">{t('notifications.noServerKey')}</Notice>;
  else if (device === 'unsupported') deviceState = <Notice severity="info" role="status">{t('notifications.unsupported')}</Notice>;
  else if (device === 'blocked') deviceState = <Notice severity="warning" role="status">{t('notifications.blocked')}</Notice>;
  else if (device === 'on' || device === 'off') {
    deviceState = (
      <>
        <Typography variant="body2" role="status" sx={{ mb: 1 }}>
          {t(device === 'on' ? 'notifications.deviceOn' : 'notifications.deviceOff')}
        </Typography>
        {notAllowed && <Notice severity="info" role="status">{t('notifications.notAllowed')}</Notice>}
        {device === 'on' ? (
          <Button variant="outlined" onClick={turnOff} disabled={deviceBusy} sx={{ minHeight: 48 }}>
            {t('notifications.turnOff')}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => turnOn(pushKey)} disabled={deviceBusy} sx={{ minHeight: 48 }}>
            {t('notifications.turnOn')}
          </Button>
        )}
      </>
    );
  }

  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('notifications.text')}
      </Typography>
      {loadFailed && <Notice severity="error">{t('notifications.loadFailed')}</Notice>}
      {failure && (
        <Notice severity="error" role="alert" sx={{ mb: 1 }}>
          {t('notifications.saveFailed')} {failureText}
        </Notice>
      )}
      {settings &&
        channelsOf(settings).map((c) => (
          <ChoiceGroup key={c.event} legend={t(`notifications.events.${c.event}`)} legendStrong row>
            {/* An event always mailed (a critical result, a safety notice) keeps its e-mail switch on. */}
            <Choice
              type="checkbox"
              role="switch"
              label={ALWAYS_BY_EMAIL.includes(c.event) ? t('notifications.emailAlways') : t('notifications.email')}
              checked={c.email}
              disabled={ALWAYS_BY_EMAIL.includes(c.event)}
              onChange={(e) => toggle(c.event, 'email', e.target.checked)}
            />
            <Choice type="checkbox" role="switch" label={t('notifications.push')} checked={c.push} disabled={!pushKey} onChange={(e) => toggle(c.event, 'push', e.target.checked)} />
          </ChoiceGroup>
        ))}
      {settings && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('notifications.quietHours', { start: settings.quietHours.start, end: settings.quietHours.end })}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('notifications.noHealthData')}
      </Typography>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 2 }}>
        {t('notifications.deviceTitle')}
      </Typography>
      {deviceState}
      {deviceFailed && <Notice severity="error">{t('notifications.deviceFailed')}</Notice>}
    </Box>
  );
}
