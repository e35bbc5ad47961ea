import type { RiskRule, RiskSeverity } from '../climate/rules';
import { UNIT_WORDS, type Unit } from '../units/units';
import type { SaleUnit } from '../finance/constants';
import { SALE_UNIT_WORDS } from '../finance/words';

/**
 * What a notification can be about, and how each kind reaches people by default. A feature that
 * needs to reach someone adds one entry here (with its params and its English words below), and its
 * words in the web's notifications catalogue; nothing else changes. Tasks due, weather risk, orders
 * and support replies will each be one more entry.
 *
 * This module has no validator, so the dashboard's first load can use it.
 */
export const NOTIFICATION_KINDS = {
  low_stock: {
    /** Important kinds are mailed unless the person says otherwise. */
    importance: 'important',
    /** The channels a person may choose for this kind, and whether each is on until they choose. */
    channels: { email: true, push: true, sms: false },
    /** Shown in Settings › Notifications. */
    listed: true,
  },
  /** The morning message (06:00 farm time): what is due today and what is overdue. */
  tasks_today: {
    importance: 'normal',
    channels: { email: false, push: true, sms: false },
    listed: true,
  },
  /** A task's day passed and it is not done: once per task. */
  task_overdue: {
    importance: 'normal',
    channels: { email: false, push: true, sms: false },
    listed: true,
  },
  /**
   * A weather risk for what the farm grows or raises (heavy rain, dry spell, heat, blight…), or a
   * large move in the marketplace price of a crop it grows or keeps in store: once per alert.
   */
  climate_alert: {
    importance: 'important',
    channels: { email: true, push: true, sms: false },
    listed: true,
  },
  /** A sale on credit reached its due day unpaid, then weekly while it stays unpaid (owners and managers). */
  payment_due: {
    importance: 'normal',
    channels: { email: false, push: true, sms: false },
    listed: true,
  },
  /**
   * A marketplace order of the farm's was paid and waits to be accepted, or was cancelled; one not
   * dispatched by its day; delivered; completed with the money due to the farm (owners and managers).
   */
  order_sold: {
    importance: 'important',
    channels: { email: true, push: true, sms: false },
    listed: true,
  },
  /** A buyer's order: paid, accepted, declined or cancelled (with its refund), dispatched, delivered. */
  order_update: {
    importance: 'important',
    channels: { email: true, push: true, sms: false },
    listed: true,
  },
  /**
   * The farm's payout account was changed (owners: payouts wait 24 hours), a payout reached the farm's
   * bank (owners and managers), or a payout failed after its tries (owners).
   */
  payout: {
    importance: 'important',
    channels: { email: true, push: true, sms: false },
    listed: true,
  },
  /** The other side of a completed order rated it: the buyer the farm (owners and managers), or the farm the buyer. */
  rating: {
    importance: 'normal',
    channels: { email: false, push: true, sms: false },
    listed: false,
  },
  /** Gona's support answered a person's request (the person who asked): once per reply. */
  support_reply: {
    importance: 'important',
    channels: { email: true, push: true, sms: false },
    listed: false,
  },
  /**
   * A problem reported with an order: the farm's owners and managers (answer within 48 hours) and
   * the buyer hear it is with Gona; then both hear Gona's decision.
   */
  dispute: {
    importance: 'important',
    channels: { email: true, push: true, sms: false },
    listed: false,
  },
  /**
   * Gona's staff hid one of the farm's listings from buyers, or showed it again (owners and
   * managers); stopped a person selling, or let them sell again (the person).
   */
  moderation: {
    importance: 'important',
    channels: { email: true, push: true, sms: false },
    listed: false,
  },
  /**
   * A treatment's withdrawal period took listings of the animal or group (or of its eggs, milk or
   * meat) off sale until it ends (owners and managers): once per treatment.
   */
  listing_withheld: {
    importance: 'important',
    channels: { email: true, push: true, sms: false },
    listed: false,
  },
  /**
   * Gona's staff (platform admins): a payment that paid for nothing was taken into suspense (and is
   * refunded, or needs them), a refund of one failed, or the daily check of the gateway's charges
   * against the ledger found a difference.
   */
  payment_check: {
    importance: 'important',
    channels: { email: true, push: true, sms: false },
    listed: false,
  },
  /**
   * The farm's Gona Pro (owners only): a payment received with its receipt, a renewal that failed
   * (Pro stays for the grace days), Pro ended, renewal cancelled, Pro granted by Gona.
   */
  subscription: {
    importance: 'important',
    channels: { email: true, push: true, sms: true },
    listed: true,
  },
  /** A farm's PDF report asked for on the Reports screen is made: the person who asked. */
  report_ready: {
    importance: 'normal',
    channels: { email: true, push: true },
    listed: true,
  },
  /**
   * Last month's summary on the first day of a month (farm time), for owners and managers: in the
   * bell, and by mail unless they switch it off. Carries money, so never to a role without it.
   */
  monthly_report: {
    importance: 'normal',
    channels: { email: true, push: false },
    listed: true,
  },
  /** "Send a test notification" in Settings: the bell and this phone only. */
  test: {
    importance: 'normal',
    channels: { push: true },
    listed: false,
  },
} as const satisfies Record<string, KindDefinition>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];
/** The kinds a person can set channels for, in the order Settings lists them. */
export const LISTED_KINDS = NOTIFICATION_KIND_NAMES.filter((kind) => NOTIFICATION_KINDS[kind].listed);

/** In-app (the bell) is always on and not a choice; the others are. */
export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'push', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const CHOOSABLE_CHANNELS = ['email', 'push', 'sms'] as const;
export type ChoosableChannel = (typeof CHOOSABLE_CHANNELS)[number];

/** Urgent notifications pass quiet hours; normal ones wait for them to end on push and SMS. */
export const NOTIFICATION_URGENCIES = ['normal', 'urgent'] as const;
export type NotificationUrgency = (typeof NOTIFICATION_URGENCIES)[number];

type KindDefinition = {
  importance: 'important' | 'normal';
  channels: Partial<Record<ChoosableChannel, boolean>>;
  listed: boolean;
};

/** What each kind's words are made from; stored with the notification so any language can say it. */
export type NotificationParams = {
  subscription:
    | {
        status: 'paid';
        farm_name: string;
        amount_kobo: number;
        receipt_number: string;
        /** The last day of the paid year, in the farm's zone (yyyy-mm-dd). */
        until: string;
        renews: boolean;
      }
    | { status: 'renewal_failed'; farm_name: string; amount_kobo: number; grace_until: string }
    | { status: 'ended'; farm_name: string; inactive_workers: number }
    | { status: 'cancelled'; farm_name: string; until: string }
    /** The owner whose card paid deleted their account: the renewal stopped, Pro stays until `until`. */
    | { status: 'payer_left'; farm_name: string; until: string }
    | { status: 'granted'; farm_name: string; until: string };
  low_stock: {
    supply_id: string;
    supply_name: string;
    /** Exact decimal strings, as stock travels everywhere. */
    quantity: string;
    low_threshold: string;
    unit: Unit;
  };
  tasks_today: {
    /** The farm's name: a person may work on several farms. */
    farm_name: string;
    due_today: number;
    overdue: number;
    /** The first few titles, most pressing first. */
    titles: string[];
  };
  task_overdue: { task_id: string; title: string; due_date: string };
  climate_alert: {
    farm_name: string;
    rule: RiskRule;
    /** Info for a market-price move; weather is sent only as a warning or serious. */
    severity: RiskSeverity;
    from: string;
    to: string;
    /** The crop it concerns, by name, when it concerns one. */
    about_name: string | null;
    /** The price move, for a market-price alert. */
    market?: MarketMoveFacts;
  };
  payment_due: {
    sale_id: string;
    farm_name: string;
    /** Null when the sale names no buyer. */
    buyer_name: string | null;
    product: string;
    /** What the buyer still owes, in kobo. */
    owed_kobo: number;
    due_date: string;
    /** Past its day (a weekly reminder) rather than due today. */
    overdue: boolean;
  };
  order_sold: OrderFacts &
    (
      | { status: 'paid' | 'cancelled' }
      /** Not dispatched by its day (yyyy-mm-dd): the buyer may now cancel. */
      | { status: 'dispatch_late'; dispatch_by: string }
      | ({ status: 'delivered' } & DeliveredFacts)
      /** Completed: what is due to the farm (delivered value and delivery fee less commission). */
      | { status: 'completed'; seller_amount_kobo: number }
    );
  order_update: OrderFacts &
    (
      | {
          status: 'paid' | 'accepted' | 'declined' | 'cancelled';
          /** Why it was cancelled or declined, as the order says it. */
          reason: string | null;
        }
      | {
          status: 'dispatched';
          delivery: 'pickup' | 'seller_delivers';
          /** The day it is ready for pickup or should arrive (yyyy-mm-dd). */
          expected_on: string;
          driver_name: string | null;
          driver_phone: string | null;
        }
      | ({ status: 'delivered' } & DeliveredFacts)
    );
  payout:
    | {
        status: 'account_changed';
        farm_name: string;
        bank_name: string;
        account_last4: string;
        account_name: string;
        hold_hours: number;
      }
    | {
        status: 'paid';
        payout_id: string;
        listing_title: string;
        amount_kobo: number;
        bank_name: string;
        account_last4: string;
      }
    | {
        status: 'failed';
        payout_id: string;
        listing_title: string;
        amount_kobo: number;
        /** Why, in plain words. */
        failure: string;
      };
  /** `side` gave `stars` (1 to 5) on the order. */
  rating: {
    order_id: string;
    listing_title: string;
    farm_name: string;
    side: 'buyer' | 'seller';
    stars: number;
  };
  /** `subject`: the start of the request, in the person's words; `solved`: support marked it solved. */
  support_reply: { request_id: string; subject: string; solved: boolean };
  /** `to` says whose words: the seller's (asked to answer) or the buyer's. */
  dispute: {
    order_id: string;
    listing_title: string;
    /** 'gona': Gona's staff (told when the seller's answer time passes). */
    to: 'buyer' | 'seller' | 'gona';
  } & (
    | { status: 'opened'; answer_hours: number }
    /** The seller's time to answer passed without an answer. */
    | { status: 'unanswered' }
    | {
        status: 'decided';
        outcome: 'release' | 'partial_refund' | 'full_refund';
        refund_kobo: number;
        reason: string;
      }
  );
  /** `reason` is Gona's, in its words. */
  moderation:
    | { status: 'listing_hidden'; listing_id: string; listing_title: string; reason: string }
    | { status: 'listing_shown'; listing_id: string; listing_title: string }
    | { status: 'selling_suspended'; reason: string }
    | { status: 'selling_restored' };
  listing_withheld: {
    animal_id: string;
    animal_name: string;
    /** The product given or the condition treated, when the record names one. */
    treatment: string | null;
    /** yyyy-mm-dd: the first day the listings are on sale again. */
    until: string;
    /** The first few listings' titles, and how many there are. */
    listing_titles: string[];
    listing_count: number;
  };
  /** Amounts are the gateway's, in kobo; `problem` is why it paid nothing, in plain words. */
  payment_check:
    | {
        status: 'extra';
        reference: string;
        amount_kobo: number;
        order_id: string | null;
        problem: string;
        /** False when staff must decide (a reference no order issued). */
        refunding: boolean;
      }
    | { status: 'refund_failed'; reference: string; amount_kobo: number; order_id: string | null }
    | {
        status: 'reconciliation';
        /** The day checked up to, yyyy-mm-dd. */
        day: string;
        differences: number;
        /** The gateway's charges found missing from the ledger, now recorded. */
        recorded: number;
        /** The references that differ (the first few), for staff to look up. */
        references: string[];
      };
  /** The period's days (yyyy-mm-dd); no money: the words are the same for anyone who reads them. */
  report_ready: { farm_name: string; from: string; to: string };
  /** `month` is yyyy-mm; the figures are the report's for that month. */
  monthly_report: {
    farm_name: string;
    month: string;
    income_kobo: number;
    costs_kobo: number;
    margin_kobo: number;
    eggs: number;
    deaths: number;
    tasks_done: number;
    tasks_late: number;
    /** On Gona Pro: the month's PDF report (a file of the farm's), which its mail carries. */
    attachment_file_id?: string;
  };
  test: Record<string, never>;
};

/** What an order's notifications say about it. */
type OrderFacts = {
  order_id: string;
  listing_title: string;
  farm_name: string;
  /** A decimal string in the order's unit. */
  quantity: string;
  unit: SaleUnit;
  total_kobo: number;
};

/** A market-price move: the median price a kg now and before, and whose listings it is from. */
type MarketMoveFacts = {
  /** Whole percent, negative when prices fell. */
  change_percent: number;
  price_kobo: number;
  was_kobo: number;
  /** Listings in the farm's state, or all Nigeria's when its state had too few. */
  where: 'state' | 'nigeria';
};

/** What was delivered: less than ordered when weighing showed less (the rest refunded). */
type DeliveredFacts = {
  /** A decimal string in the order's unit. */
  delivered_quantity: string;
  /** Refunded to the buyer for what was short; 0 when all was delivered. */
  refund_kobo: number;
  /** Hours until the order completes by itself. */
  complete_hours: number;
};

/** A notification's kind with its params, typed together. */
export type KindWithParams = {
  [K in NotificationKind]: { kind: K; params: NotificationParams[K] };
}[NotificationKind];

/** Per kind, the channels that are on: a person's choices over the kind's defaults. */
export type ChannelChoices = Record<NotificationKind, Record<ChoosableChannel, boolean>>;

/** A person's choices (possibly partial, possibly naming kinds that no longer exist) over the defaults. */
export function channelChoices(
  saved: Partial<Record<string, Partial<Record<string, boolean>>>> = {},
): ChannelChoices {
  return Object.fromEntries(
    NOTIFICATION_KIND_NAMES.map((kind) => {
      const allowed: Partial<Record<ChoosableChannel, boolean>> = NOTIFICATION_KINDS[kind].channels;
      const choices = Object.fromEntries(
        CHOOSABLE_CHANNELS.map((channel) => {
          const fallback = allowed[channel];
          const chosen = saved[kind]?.[channel];
          return [channel, fallback !== undefined && (chosen ?? fallback)];
        }),
      );
      return [kind, choices];
    }),
  ) as ChannelChoices;
}

/** Whether a person may switch `channel` for `kind` at all. */
export function isChoosable(kind: NotificationKind, channel: ChoosableChannel): boolean {
  const allowed: Partial<Record<ChoosableChannel, boolean>> = NOTIFICATION_KINDS[kind].channels;
  return allowed[channel] !== undefined;
}

/**
 * The English words of a notification, for email, SMS and push (the server does not know a
 * person's language yet) and as the stored fallback. The web says the same through its
 * notifications catalogue in the person's language; a web test keeps the English equal.
 */
export function notificationText(notification: KindWithParams): { title: string; body: string } {
  switch (notification.kind) {
    case 'low_stock': {
      const p = notification.params;
      const unit = UNIT_WORDS[p.unit];
      return {
        title: `Low stock: ${p.supply_name}`,
        body: `${p.supply_name}: ${grouped(p.quantity)} ${unit} left (low at ${grouped(p.low_threshold)} ${unit}). Buy more before it runs out.`,
      };
    }
    case 'tasks_today': {
      const p = notification.params;
      const parts = [
        p.due_today > 0 ? `${p.due_today} ${p.due_today === 1 ? 'task' : 'tasks'} due today` : null,
        p.overdue > 0 ? `${p.overdue} overdue` : null,
      ].filter(Boolean);
      return {
        title: `Today on ${p.farm_name}: ${parts.join(', ')}`,
        body: p.titles.length > 0 ? `${p.titles.join('; ')}.` : 'Open Gona to see them.',
      };
    }
    case 'task_overdue': {
      const p = notification.params;
      return {
        title: `Overdue: ${p.title}`,
        body: `${p.title} was due on ${dayMonthYear(p.due_date)} and is not done yet.`,
      };
    }
    case 'climate_alert': {
      const p = notification.params;
      if (p.market) return marketMoveText(p.market, p.about_name ?? '', p.farm_name);
      const days =
        p.from === p.to ? dayMonthYear(p.from) : `${dayMonthYear(p.from)} to ${dayMonthYear(p.to)}`;
      return {
        title: `${p.severity === 'severe' ? 'Serious: ' : ''}${CLIMATE_ALERT_NAMES[p.rule]} on ${p.farm_name}`,
        body: `${days}${p.about_name ? ` (${p.about_name})` : ''}. Open the climate screen for what to do.`,
      };
    }
    case 'payment_due': {
      const p = notification.params;
      const owes = `${p.buyer_name ?? 'A buyer'} owes ${naira(p.owed_kobo)}`;
      return {
        title: p.overdue ? `Still unpaid: ${owes}` : `Payment due today: ${owes}`,
        body: `For ${p.product} on ${p.farm_name}, due on ${dayMonthYear(p.due_date)}. Call them, or record the payment when it comes.`,
      };
    }
    case 'order_sold': {
      const p = notification.params;
      const what = `${grouped(p.quantity)} ${SALE_UNIT_WORDS[p.unit]} of ${p.listing_title}`;
      if (p.status === 'paid')
        return {
          title: `New order paid: ${what}`,
          body: `${naira(p.total_kobo)} is held by Gona. Accept or decline it within 48 hours, or it is cancelled and refunded.`,
        };
      if (p.status === 'dispatch_late')
        return {
          title: `Not dispatched yet: ${what}`,
          body: `It was due to be dispatched by ${dayMonthYear(p.dispatch_by)}. Dispatch it now: the buyer can now cancel for a full refund.`,
        };
      if (p.status === 'delivered')
        return {
          title: `Delivered: ${what}`,
          body: `${deliveredWords(p, SALE_UNIT_WORDS[p.unit], 'The buyer is')}The order completes in ${p.complete_hours} hours unless the buyer reports a problem.`,
        };
      if (p.status === 'completed')
        return {
          title: `${naira(p.seller_amount_kobo)} for ${p.listing_title} is due to your farm`,
          body: `The order of ${what} is complete: the produce delivered and the delivery fee, less Gona's commission.`,
        };
      return {
        title: `Order cancelled: ${what}`,
        body: 'The buyer is refunded in full and the quantity is back on the listing.',
      };
    }
    case 'order_update': {
      const p = notification.params;
      const what = `${grouped(p.quantity)} ${SALE_UNIT_WORDS[p.unit]} of ${p.listing_title}`;
      if (p.status === 'dispatched')
        return p.delivery === 'pickup'
          ? {
              title: `Ready for pickup: ${what}`,
              body: `${p.farm_name} has it ready for pickup on ${dayMonthYear(p.expected_on)}. Give your delivery code only when you have the produce.`,
            }
          : {
              title: `On its way: ${what}`,
              body: `On its way with ${p.driver_name ?? 'the driver'}${p.driver_phone ? ` (${p.driver_phone})` : ''}, expected ${dayMonthYear(p.expected_on)}. Give the driver your delivery code only when you have the produce.`,
            };
      if (p.status === 'delivered')
        return {
          title: `Delivered: ${what}`,
          body: `${deliveredWords(p, SALE_UNIT_WORDS[p.unit], 'You are')}The order completes in ${p.complete_hours} hours. Something wrong? Report a problem before then.`,
        };
      const titles = {
        paid: `Payment received: ${what}`,
        accepted: `${p.farm_name} accepted your order`,
        declined: `${p.farm_name} declined your order`,
        cancelled: `Order cancelled: ${what}`,
      };
      const bodies = {
        paid: `${naira(p.total_kobo)} is held by Gona until your order is settled. ${p.farm_name} has 48 hours to accept it.`,
        accepted: `${what}. Gona holds your ${naira(p.total_kobo)} until it reaches you.`,
        declined: `${what}. Your ${naira(p.total_kobo)} is refunded in full.`,
        cancelled: p.reason ?? `${what}. Your ${naira(p.total_kobo)} is refunded in full.`,
      };
      return { title: titles[p.status], body: bodies[p.status] };
    }
    case 'rating': {
      const p = notification.params;
      return p.side === 'buyer'
        ? {
            title: `The buyer rated your sale ${p.stars} of 5`,
            body: `For ${p.listing_title}. Your rating shows on your seller page.`,
          }
        : {
            title: `${p.farm_name} rated you ${p.stars} of 5`,
            body: `For your order of ${p.listing_title}. Sellers see your rating on your orders.`,
          };
    }
    case 'support_reply': {
      const p = notification.params;
      return {
        title: p.solved
          ? 'Gona support answered and marked your request solved'
          : 'Gona support answered you',
        body: `About “${p.subject}”. Open the request to read the answer${p.solved ? '; reply within 7 days if it is not solved' : ' and reply'}.`,
      };
    }
    case 'dispute': {
      const p = notification.params;
      if (p.status === 'opened')
        return p.to === 'seller'
          ? {
              title: `A problem was reported: ${p.listing_title}`,
              body: `The buyer reported a problem with this order. Answer within ${p.answer_hours} hours; Gona is looking at it and holds the money until it decides.`,
            }
          : {
              title: `Gona is looking at your order: ${p.listing_title}`,
              body: `The seller has ${p.answer_hours} hours to answer. Gona holds the money until it decides.`,
            };
      if (p.status === 'unanswered')
        return p.to === 'seller'
          ? {
              title: `The time to answer has passed: ${p.listing_title}`,
              body: 'Your farm did not answer the buyer in time. Gona decides on what the buyer sent.',
            }
          : p.to === 'gona'
            ? {
                title: `No answer from the seller: ${p.listing_title}`,
                body: "The seller's time to answer has passed. The dispute is ready to decide.",
              }
            : {
                title: `The seller did not answer: ${p.listing_title}`,
                body: 'The seller did not answer in time. Gona decides on what you sent and tells you.',
              };
      const outcome =
        p.outcome === 'release'
          ? 'The money goes to the seller.'
          : p.outcome === 'partial_refund'
            ? `${naira(p.refund_kobo)} is refunded to the buyer; the rest goes to the seller.`
            : `The buyer is refunded ${naira(p.refund_kobo)}.`;
      return { title: `Gona decided on the order of ${p.listing_title}`, body: `${outcome} ${p.reason}` };
    }
    case 'subscription': {
      const p = notification.params;
      if (p.status === 'paid')
        return {
          title: `Gona Pro is paid for ${p.farm_name}`,
          body: `We received ${naira(p.amount_kobo)} (receipt ${p.receipt_number}). ${p.farm_name} has Pro until ${dayMonthYear(p.until)}${p.renews ? ', then it renews by card' : ''}.`,
        };
      if (p.status === 'renewal_failed')
        return {
          title: `Gona Pro could not be renewed for ${p.farm_name}`,
          body: `The card payment of ${naira(p.amount_kobo)} failed. Pro stays until ${dayMonthYear(p.grace_until)}: pay by card, bank transfer or USSD on the Subscription page to keep it.`,
        };
      if (p.status === 'ended')
        return {
          title: `${p.farm_name} is back on the Free plan`,
          body:
            p.inactive_workers > 0
              ? `Gona Pro ended. Nothing was deleted. ${p.inactive_workers} workers past the 10th are inactive until you choose who stays active, or upgrade again.`
              : 'Gona Pro ended. Nothing was deleted; Free limits apply from now. Upgrade again any time.',
        };
      if (p.status === 'cancelled')
        return {
          title: `Gona Pro will not renew for ${p.farm_name}`,
          body: `Pro stays until ${dayMonthYear(p.until)}, then ${p.farm_name} returns to Free. Nothing is refunded.`,
        };
      if (p.status === 'payer_left')
        return {
          title: `Gona Pro will not renew for ${p.farm_name}`,
          body: `The owner whose card paid for Pro deleted their account, so the card renewal stopped. Pro stays until ${dayMonthYear(p.until)}, then ${p.farm_name} returns to Free unless you pay on the Subscription page.`,
        };
      return {
        title: `Gona gave ${p.farm_name} Pro`,
        body: `${p.farm_name} has Pro until ${dayMonthYear(p.until)}.`,
      };
    }
    case 'payout': {
      const p = notification.params;
      if (p.status === 'account_changed')
        return {
          title: `The payout account of ${p.farm_name} was changed`,
          body: `The payout account of ${p.farm_name} was changed to ${p.bank_name} ••••${p.account_last4} (${p.account_name}). Payouts wait ${p.hold_hours} hours. If this was not you, contact Gona support now.`,
        };
      if (p.status === 'paid')
        return {
          title: `${naira(p.amount_kobo)} paid to your bank`,
          body: `${naira(p.amount_kobo)} for ${p.listing_title} was paid to ${p.bank_name} ••••${p.account_last4}.`,
        };
      return {
        title: `Payout not sent: ${naira(p.amount_kobo)} for ${p.listing_title}`,
        body: `${p.failure} Check the farm's payout account; Gona support will send it again.`,
      };
    }
    case 'moderation': {
      const p = notification.params;
      if (p.status === 'listing_hidden')
        return {
          title: `Gona hid your listing: ${p.listing_title}`,
          body: `Buyers cannot find or order it, and it cannot be put on sale until Gona shows it again. Orders already paid go on as usual. Gona's reason: ${p.reason}`,
        };
      if (p.status === 'listing_shown')
        return {
          title: `Your listing is shown again: ${p.listing_title}`,
          body: 'Gona no longer hides it. Buyers can find and order it whenever it is on sale.',
        };
      if (p.status === 'selling_suspended')
        return {
          title: 'Selling is suspended on your account',
          body: `You cannot put listings on sale or accept orders, and buyers do not see the farms you own. Orders already paid go on to delivery or refund. Gona's reason: ${p.reason}`,
        };
      return {
        title: 'You can sell on Gona again',
        body: 'Buyers see the farms you own again, and you can put listings on sale and accept orders.',
      };
    }
    case 'listing_withheld': {
      const p = notification.params;
      const what =
        p.listing_count === 1
          ? (p.listing_titles[0] ?? '1 listing')
          : `${p.listing_count} listings (${p.listing_titles.join(', ')}${p.listing_count > p.listing_titles.length ? ', …' : ''})`;
      return {
        title: `Paused until ${dayMonthYear(p.until)}: ${p.animal_name} is in a withdrawal period`,
        body: `${what} ${p.listing_count === 1 ? 'is' : 'are'} off sale until ${dayMonthYear(p.until)}: ${p.animal_name} is under withdrawal after ${p.treatment ?? 'a treatment'}. Buyers cannot find or order ${p.listing_count === 1 ? 'it' : 'them'} meanwhile; ${p.listing_count === 1 ? 'it goes' : 'they go'} back on sale by ${p.listing_count === 1 ? 'itself' : 'themselves'} that day.`,
      };
    }
    case 'payment_check': {
      const p = notification.params;
      if (p.status === 'extra')
        return {
          title: `A payment of ${naira(p.amount_kobo)} paid for nothing`,
          body: `${p.problem} (reference ${p.reference}). ${p.refunding ? 'It is in suspense and being refunded.' : 'It is in suspense: refund it from the back office.'}`,
        };
      if (p.status === 'refund_failed')
        return {
          title: `A refund of ${naira(p.amount_kobo)} could not be made`,
          body: `The payment ${p.reference} is back in suspense. Refund it again from the back office.`,
        };
      return {
        title: `Payments check: ${p.differences} ${p.differences === 1 ? 'difference' : 'differences'} with Paystack`,
        body: `Up to ${dayMonthYear(p.day)}, ${p.differences} of Paystack's charges and the ledger did not agree.${p.recorded > 0 ? ` ${p.recorded} missing ${p.recorded === 1 ? 'charge was' : 'charges were'} recorded now.` : ''} References: ${p.references.join(', ')}${p.differences > p.references.length ? ', …' : ''}.`,
      };
    }
    case 'report_ready': {
      const p = notification.params;
      return {
        title: `The report of ${p.farm_name} is ready`,
        body: `The PDF of ${dayMonthYear(p.from)} to ${dayMonthYear(p.to)} is ready to download on the Reports screen.`,
      };
    }
    case 'monthly_report': {
      const p = notification.params;
      const month = `${p.month.slice(5, 7)}/${p.month.slice(0, 4)}`;
      return {
        title: `${p.farm_name} in ${month}`,
        body: `Money in ${naira(p.income_kobo)}, costs ${naira(p.costs_kobo)}, margin ${naira(p.margin_kobo)}. ${p.eggs} eggs, ${p.deaths} animals died; ${p.tasks_done} tasks done on their day, ${p.tasks_late} late or not done. The full report is on the Reports screen.`,
      };
    }
    case 'test':
      return {
        title: 'Test notification',
        body: 'Notifications from Gona reach you here.',
      };
  }
}

/** A crop's marketplace price moved: what it is now and was, and what to do about it. */
function marketMoveText(move: MarketMoveFacts, crop: string, farm: string): { title: string; body: string } {
  const up = move.change_percent > 0;
  const prices = `${naira(move.price_kobo)} a kg, was ${naira(move.was_kobo)} (Gona marketplace listings ${move.where === 'state' ? 'in your state' : 'across Nigeria'})`;
  return {
    title: `${crop} prices are ${up ? 'up' : 'down'} ${Math.abs(move.change_percent)}% this week`,
    body: up
      ? `${prices}. A good time to sell what ${farm} has in store: compare offers on the marketplace.`
      : `${prices}. If what ${farm} has in store keeps, hold it for now and compare buyers before you sell.`,
  };
}

/** What was short on delivery and refunded, or nothing when all was delivered. */
function deliveredWords(p: DeliveredFacts, unit: string, whoIs: string): string {
  return p.refund_kobo > 0
    ? `${grouped(p.delivered_quantity)} ${unit} delivered. ${whoIs} refunded ${naira(p.refund_kobo)} for the rest. `
    : '';
}

/** "2026-11-24" → "24/11/2026". */
function dayMonthYear(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/** "12500.5" → "12,500.5", decimals as stored. */
function grouped(quantity: string): string {
  return quantity.replace(/^\d+/, (whole) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
}

/** Kobo as naira, "₦350,000" or "₦1,250.50", without the money module (it brings the validator). */
function naira(kobo: number): string {
  const rest = kobo % 100;
  return `₦${grouped(String(Math.floor(kobo / 100)))}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}

/**
 * App paths the server writes into notifications and mails. The web's lib/paths.ts has the same
 * paths (a web test keeps them equal).
 */
export const NOTIFICATION_PATHS = {
  list: '/dashboard/notifications',
  settings: '/dashboard/settings/notifications',
  supply: (supplyId: string) => `/dashboard/inventory/${encodeURIComponent(supplyId)}`,
  tasks: '/dashboard/tasks',
  task: (taskId: string) => `/dashboard/tasks/${encodeURIComponent(taskId)}`,
  climate: '/dashboard/climate',
  sales: '/dashboard/expenses?view=sales',
  /** The selling farm's marketplace orders. */
  farmOrders: '/dashboard/marketplace?tab=sales',
  /** The selling farm's own listings. */
  farmListings: '/dashboard/marketplace?tab=mine',
  /** One of the buyer's orders. */
  order: (orderId: string) => `/dashboard/marketplace/orders/${encodeURIComponent(orderId)}`,
  /** A person's support request, with its thread. */
  supportRequest: (requestId: string) => `/dashboard/support/${encodeURIComponent(requestId)}`,
  /** A dispute in Gona's back office (platform admins). */
  adminDispute: (disputeId: string) => `/admin/disputes/${encodeURIComponent(disputeId)}`,
  /** The farm's plan, payments and receipts. */
  subscription: '/dashboard/subscription',
  /** The farm's reports, with its PDFs. */
  reports: '/dashboard/reports',
  /** Payments that need Gona's staff (back office). */
  adminPayments: '/admin/payments',
};

/** The English names of the weather risks and market moves, for notifications sent by mail, push and SMS. */
export const CLIMATE_ALERT_NAMES: Record<RiskRule, string> = {
  rain_onset: 'The rains have started',
  false_start: 'Dry spell after sowing',
  dry_spell: 'Dry spell',
  heavy_rain: 'Heavy rain',
  crop_heat: 'Heat at flowering',
  poultry_heat: 'Heat for your birds',
  late_blight: 'Late blight weather',
  fungal: 'Wet, warm weather',
  fall_armyworm: 'Fall armyworm weather',
  spray_window: 'Good time to spray',
  market_price: 'Market price move',
};
