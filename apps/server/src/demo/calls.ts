import { randomUUID } from 'node:crypto';
import { link, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FollowUpState } from '@parley/api';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { callMedia } from '../db/schema';
import { RECORDING_ERRORS } from '../services/recordings';
import { posterKey, videoKey } from '../services/storage/store';
import { VIDEO_FAILURES } from '../services/video-failures';
import '../plugins/types';
import { type ColumnType, type DemoTransaction, inDemoTransaction } from './bulk-load';

/** A year of calls: 20,000, about 55 a day. */
export const DEMO_CALL_COUNT = 20_000;
export const DEMO_SEED = 20_260_101;
/** The demo team works in Washington: business hours are counted in UTC−5 (daylight saving ignored). */
const LOCAL_OFFSET_MS = -5 * 3600_000;
const DAY_MS = 24 * 3600_000;
/** Regular calls stop this long before the start, so every call has ended by then. */
const QUIET_BEFORE_NOW_MS = 2 * 3600_000;
/** Recent answered calls that get real raw media (Alan Turing's call is one more). */
const RECENT_MEDIA_CALLS = 7;
/** The longest raw media clip made for the demo. */
const MEDIA_SECONDS = 20;
/** How long the message every missed caller left lasts. */
const MESSAGE_SECONDS = 8;
/** Why a message video has no file: the seed made none (it is `ready` with a file when ffmpeg ran). */
const NO_DEMO_MEDIA = VIDEO_FAILURES.noFile;

/** A small, fast, seeded generator (mulberry32): the same seed gives the same demo. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  function next(): number {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  }
  function normal(): number {
    const first = Math.max(next(), 1e-12);
    return Math.sqrt(-2 * Math.log(first)) * Math.cos(2 * Math.PI * next());
  }
  return {
    next,
    normal,
    /** A whole number from `min` to `max`, both included. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability: number) => next() < probability,
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) {
        throw new Error('Nothing to pick from.');
      }
      return item;
    },
    /** Log-normal: half the values fall below `median`; `sigma` widens the tail. */
    logNormal: (median: number, sigma: number) => median * Math.exp(sigma * normal()),
  };
}
type Random = ReturnType<typeof createRandom>;

/** An index drawn with the given cumulative weights. */
function drawIndex(cumulative: readonly number[], random: Random): number {
  const total = cumulative[cumulative.length - 1] ?? 0;
  const target = random.next() * total;
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((cumulative[middle] ?? 0) > target) {
      high = middle;
    } else {
      low = middle + 1;
    }
  }
  return low;
}

function cumulate(weights: readonly number[]): number[] {
  let sum = 0;
  return weights.map((weight) => {
    sum += weight;
    return sum;
  });
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The local hour (0–23) and weekday (0 Sunday) of a moment. */
function localTime(at: number): { hour: number; weekday: number } {
  const local = new Date(at + LOCAL_OFFSET_MS);
  return { hour: local.getUTCHours(), weekday: local.getUTCDay() };
}

/** Midnight, local time, of the day `at` falls on. */
function localMidnight(at: number): number {
  return Math.floor((at + LOCAL_OFFSET_MS) / DAY_MS) * DAY_MS - LOCAL_OFFSET_MS;
}

/** How busy each local hour is, on a weekday and at the weekend. */
const WEEKDAY_HOURS = [
  0.05, 0.03, 0.02, 0.02, 0.03, 0.06, 0.15, 0.4, 0.9, 1.4, 1.6, 1.5, 1.05, 1.3, 1.5, 1.45, 1.25, 0.8, 0.45, 0.3, 0.22,
  0.16, 0.1, 0.07,
];
const WEEKEND_HOURS = [
  0.06, 0.04, 0.03, 0.02, 0.02, 0.03, 0.06, 0.12, 0.25, 0.45, 0.6, 0.65, 0.6, 0.6, 0.6, 0.55, 0.45, 0.35, 0.3, 0.25,
  0.2, 0.15, 0.1, 0.08,
];
const WEEKDAY_VOLUME = [0.22, 1, 1.05, 1, 0.98, 0.88, 0.34];

const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Amelia',
  'Oliver',
  'Sophia',
  'Elijah',
  'Isabella',
  'Lucas',
  'Mia',
  'Mateo',
  'Charlotte',
  'James',
  'Harper',
  'Benjamin',
  'Evelyn',
  'Henry',
  'Aisha',
  'Omar',
  'Fatima',
  'Yusuf',
  'Leila',
  'Hassan',
  'Priya',
  'Arjun',
  'Ananya',
  'Rohan',
  'Mei',
  'Wei',
  'Yuki',
  'Haruto',
  'Sakura',
  'Jin',
  'Min-jun',
  'Seo-yeon',
  'Chloé',
  'Louis',
  'Léa',
  'Hugo',
  'Sofía',
  'Diego',
  'Valentina',
  'Santiago',
  'Camila',
  'Lukas',
  'Anna',
  'Jonas',
  'Greta',
  'Finn',
  'Ingrid',
  'Erik',
  'Astrid',
  'Mateus',
  'Beatriz',
  'Kwame',
  'Amara',
  'Chidi',
  'Zanele',
  'Tariq',
  'Noor',
  'Daniel',
  'Sarah',
  'David',
  'Rachel',
  'Michael',
  'Emily',
  'Grace',
  'Jack',
  'Ruby',
  'Thomas',
  'Hannah',
  'Samuel',
  'Zoe',
  'Nikolai',
  'Olga',
  'Marek',
  'Zofia',
  'Giulia',
  'Marco',
  'Eitan',
  'Tamar',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Taylor',
  'Thomas',
  'Moore',
  'Jackson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
  'Khan',
  'Rahman',
  'Haddad',
  'Nasser',
  'Patel',
  'Sharma',
  'Iyer',
  'Gupta',
  'Chen',
  'Wang',
  'Li',
  'Zhang',
  'Tanaka',
  'Suzuki',
  'Sato',
  'Kim',
  'Park',
  'Choi',
  'Nguyen',
  'Tran',
  'Dubois',
  'Moreau',
  'Laurent',
  'Fernández',
  'González',
  'Silva',
  'Santos',
  'Oliveira',
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Johansson',
  'Lindqvist',
  'Hansen',
  'Nielsen',
  'Kowalski',
  'Nowak',
  'Novák',
  'Rossi',
  'Russo',
  'Bianchi',
  'Cohen',
  'Levi',
  'Mensah',
  'Okafor',
  'Adeyemi',
  'Dlamini',
  'Murphy',
  "O'Brien",
  'Kelly',
  'MacDonald',
  'Evans',
  'Hughes',
  'Ivanova',
  'Petrov',
];
const EMAIL_DOMAINS = [
  'example.com',
  'example.org',
  'example.net',
  'mail.example',
  'acme.example',
  'globex.example',
  'initech.example',
  'umbrella.example',
  'hooli.example',
  'stark.example',
  'wayne.example',
  'piedpiper.example',
];
/** Numbers set aside for fiction: 555-0100…0199 in North America, 07700 900xxx in the UK. */
const AREA_CODES = ['212', '305', '312', '415', '512', '617', '702', '206', '303', '404', '713', '615'];

interface Caller {
  name: string;
  email: string | null;
  phone: string | null;
  playerId: string;
}

function asciiLocalPart(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

function makeCaller(random: Random, index: number): Caller {
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const firstPart = asciiLocalPart(first);
  const lastPart = asciiLocalPart(last);
  const local = random.pick([
    `${firstPart}.${lastPart}`,
    `${firstPart}${lastPart}`,
    `${firstPart.charAt(0)}${lastPart}`,
    `${firstPart}_${lastPart}${random.int(1, 99)}`,
    `${firstPart}.${lastPart.charAt(0)}`,
  ]);
  const phone = random.chance(0.8)
    ? random.pick([
        () => `+1${random.pick(AREA_CODES)}55501${String(random.int(0, 99)).padStart(2, '0')}`,
        () => `+1${random.pick(AREA_CODES)}55501${String(random.int(0, 99)).padStart(2, '0')}`,
        // Ofcom's London range for drama (020 7946 0000–0999): fictional, and a valid number to
        // libphonenumber, so a follow-up's prefilled phone passes the form (07700 900… did not).
        () => `+44207946${String(random.int(0, 999)).padStart(4, '0')}`,
      ])()
    : null;
  return {
    name: `${first} ${last}`,
    email: random.chance(0.88) || !phone ? `${local}@${random.pick(EMAIL_DOMAINS)}` : null,
    phone,
    playerId: `v_${index.toString(36).padStart(3, '0')}${Math.floor(random.next() * 36 ** 8)
      .toString(36)
      .padStart(8, '0')}`,
  };
}

interface Topic {
  problem: string[];
  clarify: string[];
  detail: string[];
  resolution: string[];
  /** More back-and-forth for longer calls: the member's line, then the caller's. */
  extra: [string, string][];
}

const TOPICS: Topic[] = [
  {
    problem: [
      'Hi, I was charged twice for my {plan} subscription this month.',
      'I see two payments of {amount} on my card statement and I only have one account.',
      'My invoice shows {amount} but I expected the discounted price.',
    ],
    clarify: [
      'I am sorry about that. Could you give me the last four digits of the card?',
      'Let me check. Which e-mail is the account under?',
    ],
    detail: ['It ends in {digits}.', 'It is the one I am calling from, the work address.'],
    resolution: [
      'I found the duplicate payment and refunded {amount}. It shows up in three to five business days.',
      'The second charge was a pre-authorisation; it drops off automatically. I have added a note to your account.',
    ],
    extra: [
      ['Would you like invoices sent to a billing address instead?', 'Yes, please send them to accounts payable.'],
      ['Is there anything else on the invoice that looks wrong?', 'No, the rest looks fine.'],
    ],
  },
  {
    problem: [
      'I cannot sign in. It keeps saying my password is wrong.',
      'The reset e-mail never arrives when I ask for a new password.',
      'My account got locked after a few attempts this morning.',
    ],
    clarify: [
      'Are you signing in with your e-mail address or your phone number?',
      'Which browser are you using, {caller}?',
    ],
    detail: ['With my e-mail, on {browser}.', 'I am on {browser} on my {device}.'],
    resolution: [
      'I have unlocked the account and sent a fresh reset link. It is valid for one hour.',
      'The reset e-mail was going to your spam folder. I sent it again; look for the subject Reset your password.',
    ],
    extra: [
      ['Could you try the link now while I stay on the line?', 'Okay, it worked. I am in.'],
      ['Do you want me to turn on sign-in by phone code as well?', 'Sure, that sounds easier.'],
    ],
  },
  {
    problem: [
      'My order {order} was supposed to arrive on Monday and it still has not come.',
      'The tracking for order {order} has not moved in four days.',
      'I received only part of order {order}.',
    ],
    clarify: [
      'Let me pull up order {order}. Can you confirm the delivery postcode?',
      'Is the delivery address still the same as on the order?',
    ],
    detail: ['Yes, same address as always.', 'Yes, it is the office address.'],
    resolution: [
      'The parcel is held at the local depot. I have booked redelivery for tomorrow before noon.',
      'The missing items ship separately today; I will send you the new tracking number by e-mail.',
    ],
    extra: [
      ['Would a pickup point be easier for you?', 'No, delivery to the office is best.'],
      ['I have also added a shipping credit to your account for the trouble.', 'Oh, that is kind, thank you.'],
    ],
  },
  {
    problem: [
      'I am trying to put the call widget on our website but it does not show up.',
      'The video button appears on our home page but not on the pricing page.',
      'We added the embed code and the widget says this domain is not allowed.',
    ],
    clarify: ['Which domain is the site on?', 'Where in the page did you paste the snippet?'],
    detail: ['It is shop.{company}, the new storefront.', 'Just before the closing body tag, as the guide says.'],
    resolution: [
      'The domain was missing from your allowed list. I added it; reload the page and the widget appears.',
      'The pricing page loads an older template without the snippet. Add it there too and it will work.',
    ],
    extra: [
      ['Do you want the widget to ring only the sales team on that page?', 'Yes, that would be great.'],
      ['You can change the greeting video under Menu video in the settings.', 'Good to know, I will do that.'],
    ],
  },
  {
    problem: [
      'I would like to return the headset from order {order}.',
      'I need a refund for the annual plan; we signed up by mistake.',
      'The replacement part you sent does not fit, so I want to send it back.',
    ],
    clarify: ['Of course. Is the item unused and in its box?', 'When did you place the order?'],
    detail: ['It is still sealed.', 'About two weeks ago, on the {date}.'],
    resolution: [
      'That is within the return window. I have e-mailed you a prepaid label; the refund goes out once it arrives.',
      'I have cancelled the plan and refunded {amount} to the original payment method.',
    ],
    extra: [
      ['Can I ask what made it not the right fit?', 'We needed the wireless version really.'],
      ['Would you like me to order the right one for you now?', 'Yes, let us do that.'],
    ],
  },
  {
    problem: [
      'We are growing and want to move from the {plan} plan to something bigger.',
      'How much would it cost to add five more members to our team?',
      'Can we switch to yearly billing?',
    ],
    clarify: ['How many people would answer calls?', 'Do you need call recordings kept longer than a year?'],
    detail: ['About twelve people across two shifts.', 'Yes, legal wants two years.'],
    resolution: [
      'The Business plan fits that. I have switched you over; the difference is prorated on the next invoice.',
      'Yearly billing saves two months. I have changed it from your next renewal.',
    ],
    extra: [
      ['Should I send the new members their invitations now?', 'Please do, I will give you the list.'],
      ['Do you want a short onboarding call for the new people?', 'That would help, yes.'],
    ],
  },
  {
    problem: [
      'My camera is not detected when I try to record a video reply.',
      'Videos I recorded play without sound for our customers.',
      'The recording stops after a few seconds on my {device}.',
    ],
    clarify: ['Which browser and device are you on?', 'Did the browser ask for permission to use the camera?'],
    detail: ['{browser} on a {device}.', 'It asked once and I think I clicked block.'],
    resolution: [
      'The site was blocked from using the camera. I walked you through allowing it; the preview works now.',
      'Another app was holding the microphone. After closing it the sound records fine.',
    ],
    extra: [
      ['Could you record a short test now?', 'Recording… yes, I can hear myself.'],
      ['I will also send a guide for the permission settings.', 'Great, thanks.'],
    ],
  },
  {
    problem: [
      'Can I export last month’s call history for our report?',
      'Is there a way to see which member answered the most calls?',
      'I need the transcript of a call from last week.',
    ],
    clarify: ['Do you need it as a spreadsheet or as a PDF?', 'Which date range are you interested in?'],
    detail: ['A spreadsheet is best.', 'The whole of last month.'],
    resolution: [
      'Filter the call history by date and use Export; it downloads a CSV with every column.',
      'The analytics page shows calls per member. I have e-mailed you the transcript you asked for.',
    ],
    extra: [
      ['Do you want the export to include notes as well?', 'Yes, the notes matter most to us.'],
      ['You can also search the transcripts from the call history filters.', 'Oh nice, I did not know that.'],
    ],
  },
  {
    problem: [
      'I need to change the e-mail address on our account.',
      'One of our members left and I want to remove her access.',
      'Our Slack sync stopped bringing in new people.',
    ],
    clarify: ['Are you an admin on the team?', 'When did you last see it working?'],
    detail: ['Yes, I set the team up.', 'Around the start of the month.'],
    resolution: [
      'I have updated the address; a confirmation went to both the old and the new one.',
      'The Slack token had expired. Save a new one under the Slack settings and press Sync Users.',
    ],
    extra: [
      ['Should her open follow-ups go to someone else?', 'Yes, give them to {member}.'],
      ['Anything else on the account while I am here?', 'No, that was everything.'],
    ],
  },
];

const GREETINGS = [
  'Thanks for calling support, this is {member}. How can I help you today?',
  'Hi, you are through to {member} from support. What can I do for you?',
  'Good {daypart}, this is {member}. How can I help?',
  'Hello {caller}, {member} here. What can I help you with?',
];
const THANKS = [
  'That is great, thank you so much.',
  'Perfect, that solves it. Thanks, {member}!',
  'Okay, I will try that. Thanks for your help.',
  'Brilliant, thanks for sorting it out so quickly.',
];
const CLOSINGS = [
  'You are welcome, {caller}. Have a great day!',
  'Glad I could help. I will send you a summary by e-mail.',
  'Anytime. If anything else comes up, just call us again.',
  'Thanks for calling, {caller}. Take care.',
];
const NOTE_MESSAGES = [
  'Called back, the customer confirmed the fix works.',
  'Sent the refund confirmation by e-mail.',
  'Escalated to billing; waiting for their answer.',
  'Customer asked for a call back tomorrow morning.',
  'Left a voicemail, will try again after lunch.',
  'Shared the setup guide for the widget.',
  'Follow-up video sent with the steps we discussed.',
  'Needs a quote for the Business plan; passed to sales.',
  'Duplicate of an earlier ticket, merged.',
  'Replacement shipped with express delivery.',
  'Customer was happy with the outcome, closing this.',
  'Watched the message: asks about invoices for last quarter.',
  'Watched the message: camera not working on an old laptop.',
  'Could not reach the customer by phone; e-mailed instead.',
  'Waiting for screenshots from the customer.',
  'Offered a training session for their new staff.',
  'Domain added to the allowed list as requested.',
  'Reminder: send the recording once it is generated.',
];
const BROWSERS = ['Chrome', 'Firefox', 'Safari', 'Edge'];
const DEVICES = ['Windows laptop', 'MacBook', 'iPhone', 'Android phone', 'iPad', 'Chromebook'];
const PLANS = ['Starter', 'Team', 'Pro'];

export interface DemoCue {
  start: number;
  end: number;
  speaker: string;
  text: string;
}

/** One demo call as planned, before it has ids. */
export interface PlannedCall {
  serialNumber: number;
  incomingAt: Date;
  playerId: string;
  callerName: string;
  callerContact: string | null;
  callerEmail: string | null;
  /** Index into the members; null for a missed call. */
  member: number | null;
  receivedAt: Date | null;
  /** When the call was answered and over, or when the visitor gave up. */
  endedAt: Date;
  holdSeconds: number;
  durationSeconds: number | null;
  leftMessage: boolean;
  recordingStatus: 'none' | 'error';
  recordingError: string | null;
  followUp: FollowUpState;
  transcript: string | null;
  cues: DemoCue[];
  /** Gets real raw media (both sides) at seed time. */
  withMedia: boolean;
}

export interface PlannedNote {
  /** Index into the calls. */
  call: number;
  /** Index into the members. */
  member: number;
  message: string;
  createdAt: Date;
}

export interface DemoPlan {
  calls: PlannedCall[];
  notes: PlannedNote[];
}

export interface DemoPlanOptions {
  count: number;
  /** The year of calls ends here. */
  now: Date;
  seed: number;
  /** The members' names, admin first (Nora, Sam, Lea in the demo). */
  members: readonly string[];
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** A support dialogue for an answered call, its cues spread over `durationSeconds`. */
function dialogue(random: Random, call: PlannedCall, memberName: string): DemoCue[] {
  const topic = random.pick(TOPICS);
  const callerFirst = call.callerName.split(' ')[0] || 'there';
  const memberFirst = memberName.split(' ')[0] ?? memberName;
  const { hour } = localTime(call.incomingAt.getTime());
  const values = {
    caller: callerFirst,
    member: memberFirst,
    daypart: hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening',
    order: `#${random.int(10_000, 99_999)}`,
    plan: random.pick(PLANS),
    amount: `$${random.int(9, 240)}.${random.pick(['00', '50', '90', '99'])}`,
    digits: String(random.int(1000, 9999)),
    browser: random.pick(BROWSERS),
    device: random.pick(DEVICES),
    date: `${random.int(2, 27)}th`,
    company: (call.callerEmail?.split('@')[1] ?? 'example.com').replace(/^mail\./, ''),
  };
  const duration = call.durationSeconds ?? 0;
  const lines: [speaker: 'member' | 'caller', text: string][] = [
    ['member', random.pick(GREETINGS)],
    ['caller', random.pick(topic.problem)],
  ];
  if (duration >= 45) {
    lines.push(['member', random.pick(topic.clarify)], ['caller', random.pick(topic.detail)]);
  }
  lines.push(['member', random.pick(topic.resolution)]);
  // A longer call had more back-and-forth: one more exchange from the topic.
  const extra = duration >= 360 ? random.pick(topic.extra) : undefined;
  if (extra) {
    lines.push(['member', extra[0]], ['caller', extra[1]]);
  }
  lines.push(['caller', random.pick(THANKS)], ['member', random.pick(CLOSINGS)]);

  const slot = duration / lines.length;
  return lines.map(([speaker, template], index) => {
    const text = fill(template, values);
    const start = index * slot + random.next() * Math.min(1, slot * 0.2);
    const spoken = 1.2 + text.split(' ').length * 0.32;
    const end = Math.min(start + spoken, (index + 1) * slot - 0.05, duration);
    return {
      start: Math.round(start * 1000) / 1000,
      end: Math.round(Math.max(end, start + 0.2) * 1000) / 1000,
      speaker: speaker === 'member' ? memberName : call.callerName,
      text,
    };
  });
}

/**
 * The demo team's year of calls, ending at `now`, as plain data: the same options give the same
 * plan. Incoming times follow the working week (team's local time); about one call in five is
 * missed (more out of hours), and a third of those leave a video message; hold times are mostly
 * under a minute with a tail to ten minutes; durations are log-normal around four minutes.
 */
export function generateDemoCalls(options: DemoPlanOptions): DemoPlan {
  const random = createRandom(options.seed);
  const nowMs = options.now.getTime();
  const windowEnd = nowMs - QUIET_BEFORE_NOW_MS;
  const windowStart = nowMs - 365 * DAY_MS;
  const memberCount = options.members.length;
  if (memberCount === 0) {
    throw new Error('The demo needs at least one member.');
  }

  // Days: the working week, slow growth over the year, a season, and a busy or quiet day now and then.
  const firstMidnight = localMidnight(windowStart);
  const dayCount = Math.ceil((windowEnd - firstMidnight) / DAY_MS);
  const dayWeights: number[] = [];
  const dayBusy: number[] = [];
  for (let day = 0; day < dayCount; day += 1) {
    const { weekday } = localTime(firstMidnight + day * DAY_MS + 12 * 3600_000);
    const busy = Math.exp(0.18 * random.normal());
    dayBusy.push(busy);
    dayWeights.push(
      (WEEKDAY_VOLUME[weekday] ?? 1) *
        (0.8 + (0.4 * day) / dayCount) *
        (1 + 0.12 * Math.sin((2 * Math.PI * day) / 365)) *
        busy,
    );
  }
  const dayCumulative = cumulate(dayWeights);
  const weekdayHours = cumulate(WEEKDAY_HOURS);
  const weekendHours = cumulate(WEEKEND_HOURS);

  const todayMidnight = localMidnight(nowMs);
  const graceAt = Math.min(todayMidnight + (9 * 60 + 12) * 60_000 + 27_000, nowMs - 40 * 60_000);
  const alanAt = localMidnight(todayMidnight - 1) + (14 * 60 + 5) * 60_000 + 12_000;
  const specials = [graceAt, alanAt];

  const times: { at: number; special: number }[] = specials.map((at, special) => ({ at, special }));
  while (times.length < options.count) {
    const day = drawIndex(dayCumulative, random);
    const midnight = firstMidnight + day * DAY_MS;
    const { weekday } = localTime(midnight + 12 * 3600_000);
    const hour = drawIndex(weekday === 0 || weekday === 6 ? weekendHours : weekdayHours, random);
    const at = midnight + hour * 3600_000 + Math.floor(random.next() * 3600_000);
    if (at >= windowStart && at < windowEnd) {
      times.push({ at, special: -1 });
    }
  }
  times.sort((left, right) => left.at - right.at || left.special - right.special);

  // Callers: a few regulars call again and again, most call once or twice.
  const pool = Array.from({ length: Math.max(50, Math.round(options.count / 6)) }, (_unused, index) =>
    makeCaller(random, index),
  );
  const regulars = pool.slice(0, Math.max(10, Math.round(pool.length / 14)));
  const memberWeights = Array.from({ length: memberCount }, (_unused, index) => [0.2, 0.44, 0.36][index] ?? 0.3);
  /** The third member joined the team a few months into the year. */
  const joinedAt = (member: number) => (member >= 2 ? windowStart + 110 * DAY_MS : windowStart);

  const planned: PlannedCall[] = times.map(({ at, special }, index) => {
    const incomingAt = new Date(at);
    if (special === 0) {
      return {
        serialNumber: index + 1,
        incomingAt,
        playerId: 'v_grace1906hop',
        callerName: 'Grace Hopper',
        callerContact: '+12125550147',
        callerEmail: 'grace.hopper@example.com',
        member: null,
        receivedAt: null,
        endedAt: new Date(at + 96_000),
        holdSeconds: 96,
        durationSeconds: null,
        leftMessage: true,
        recordingStatus: 'none',
        recordingError: null,
        followUp: 'needed',
        transcript: null,
        cues: [],
        withMedia: false,
      };
    }
    if (special === 1) {
      const member = Math.min(1, memberCount - 1);
      const receivedAt = new Date(at + 14_000);
      return {
        serialNumber: index + 1,
        incomingAt,
        playerId: 'v_alan1912tur',
        callerName: 'Alan Turing',
        callerContact: '+442079460461',
        callerEmail: 'alan.turing@example.org',
        member,
        receivedAt,
        endedAt: new Date(receivedAt.getTime() + 18_000),
        holdSeconds: 14,
        durationSeconds: 18,
        leftMessage: false,
        recordingStatus: 'none',
        recordingError: null,
        followUp: 'needed',
        transcript: null,
        cues: [],
        withMedia: true,
      };
    }
    const { hour, weekday } = localTime(at);
    const weekend = weekday === 0 || weekday === 6;
    const busy = dayBusy[Math.floor((at - firstMidnight) / DAY_MS)] ?? 1;
    const businessHours = hour >= 8 && hour < 18;
    let missedChance = businessHours ? 0.14 : hour >= 7 && hour < 21 ? 0.4 : 0.7;
    if (weekend) {
      missedChance = Math.min(0.85, missedChance * 1.7);
    }
    missedChance = clamp(missedChance + (busy - 1) * 0.25, 0.05, 0.9);
    const caller = random.chance(0.35) ? random.pick(regulars) : random.pick(pool);
    const missed = random.chance(missedChance);
    const ageDays = (nowMs - at) / DAY_MS;
    if (missed) {
      const holdSeconds = Math.round(clamp(random.logNormal(70, 0.65), 8, 600));
      const leftMessage = random.chance(0.35);
      const roll = random.next();
      const followUp: FollowUpState = leftMessage
        ? ageDays < 10
          ? roll < 0.55
            ? 'needed'
            : roll < 0.75
              ? 'sent'
              : 'done'
          : roll < 0.08
            ? 'needed'
            : roll < 0.3
              ? 'sent'
              : roll < 0.85
                ? 'done'
                : 'none'
        : roll < 0.06
          ? 'needed'
          : roll < 0.1
            ? 'done'
            : 'none';
      return {
        serialNumber: index + 1,
        incomingAt,
        playerId: caller.playerId,
        callerName: caller.name,
        callerContact: caller.phone,
        callerEmail: caller.email,
        member: null,
        receivedAt: null,
        endedAt: new Date(at + holdSeconds * 1000),
        holdSeconds,
        durationSeconds: null,
        leftMessage,
        recordingStatus: 'none',
        recordingError: null,
        followUp,
        transcript: null,
        cues: [],
        withMedia: false,
      };
    }
    const available = memberWeights.map((weight, member) => (joinedAt(member) <= at ? weight : 0));
    const member = drawIndex(cumulate(available), random);
    const holdSeconds = Math.round(clamp(random.logNormal(busy > 1.15 ? 24 : 17, 0.85), 2, 600));
    const durationSeconds = Math.round(clamp(random.logNormal(240, 0.75), 15, 3600));
    const receivedAt = new Date(at + holdSeconds * 1000);
    const roll = random.next();
    const followUp: FollowUpState =
      roll < (ageDays < 14 ? 0.12 : 0.02) ? 'needed' : roll < 0.15 ? 'done' : roll < 0.18 ? 'sent' : 'none';
    const failed = ageDays > 30 && random.chance(0.015);
    return {
      serialNumber: index + 1,
      incomingAt,
      playerId: caller.playerId,
      callerName: caller.name,
      callerContact: caller.phone,
      callerEmail: caller.email,
      member,
      receivedAt,
      endedAt: new Date(receivedAt.getTime() + durationSeconds * 1000),
      holdSeconds,
      durationSeconds,
      leftMessage: false,
      recordingStatus: failed ? 'error' : 'none',
      recordingError: failed ? RECORDING_ERRORS.noMedia : null,
      followUp,
      transcript: null,
      cues: [],
      withMedia: false,
    };
  });

  // The most recent answered calls get short real clips: their length is the clip's.
  let withMedia = 0;
  for (let index = planned.length - 1; index >= 0 && withMedia < RECENT_MEDIA_CALLS; index -= 1) {
    const call = planned[index];
    if (call?.receivedAt && !call.withMedia) {
      call.withMedia = true;
      call.durationSeconds = random.int(10, MEDIA_SECONDS);
      call.endedAt = new Date(call.receivedAt.getTime() + call.durationSeconds * 1000);
      withMedia += 1;
    }
  }

  for (const call of planned) {
    if (call.member === null) {
      continue;
    }
    const memberName = options.members[call.member] ?? '';
    call.cues = dialogue(random, call, memberName);
    call.transcript = call.cues.map((cue) => `${cue.speaker}: ${cue.text}`).join('\n');
  }

  // Notes: on a few hundred calls that needed something, by whoever followed them up.
  const plannedNotes: PlannedNote[] = [];
  const addNote = (callIndex: number, member: number, message: string, after: number) => {
    const call = planned[callIndex];
    if (!call) {
      return;
    }
    const createdAt = Math.min(call.endedAt.getTime() + after, nowMs - 60_000);
    plannedNotes.push({ call: callIndex, member, message, createdAt: new Date(createdAt) });
  };
  planned.forEach((call, index) => {
    if (call.callerName === 'Grace Hopper' && call.leftMessage) {
      addNote(
        index,
        0,
        'Grace asked how to embed the widget on a second site; call her back before noon.',
        20 * 60_000,
      );
      return;
    }
    if (call.callerName === 'Alan Turing' && call.withMedia) {
      addNote(index, Math.min(1, memberCount - 1), 'Promised to send Alan the recording of this call.', 3 * 60_000);
      return;
    }
    const interesting = call.followUp !== 'none' || call.leftMessage;
    if (!interesting || !random.chance(0.085)) {
      return;
    }
    const noteCount = random.chance(0.25) ? random.int(2, 3) : 1;
    let after = random.int(2, 240) * 60_000;
    for (let note = 0; note < noteCount; note += 1) {
      const author = call.member !== null && random.chance(0.6) ? call.member : random.int(0, memberCount - 1);
      addNote(index, author, random.pick(NOTE_MESSAGES), after);
      after += random.int(30, 2 * 24 * 60) * 60_000;
    }
  });

  return { calls: planned, notes: plannedNotes };
}

export interface DemoCallsOptions {
  /** How many calls; a year's worth ({@link DEMO_CALL_COUNT}) unless a test asks for fewer. */
  count?: number;
  /** The end of the year of calls; the start time by default. */
  now?: Date;
  seed?: number;
  /** Make the message video and raw call media with ffmpeg (when it is installed). */
  media?: boolean;
}

export interface DemoCallsSummary {
  calls: number;
  missed: number;
  messages: number;
  notes: number;
  captions: number;
  /** Calls with real raw media (none without ffmpeg). */
  callsWithMedia: number;
  /** Whether the message videos are playable. */
  messageMedia: boolean;
}

/** The steps of a demo load, in order; each is reported once it is done. */
export type DemoStep = 'members' | 'calls' | 'captions' | 'notes' | 'counts' | 'media' | 'files' | 'notices';

interface DemoMedia {
  message: { file: string; size: number; durationSeconds: number | null; poster: string | null } | null;
  /** Per call index: the caller's and the member's clip. */
  sides: Map<number, { caller: string; member: string }>;
}

/** Longer than ffmpeg needs for the demo's few seconds of test pictures on a busy machine. */
const MEDIA_TIMEOUT_MS = 120_000;

/**
 * The files the demo plays, made with ffmpeg's test sources in two runs (each process started from
 * a server holding the database costs a noticeable pause): first one short message video (H.264/AAC
 * MP4, shared by every left message) with its poster, and a 20-second source of each side of a
 * call as a browser records it (VP8/Opus WebM); then, cut from those without re-encoding, a clip
 * of each side for every call with media.
 */
async function makeDemoMedia(
  app: FastifyInstance,
  plan: DemoPlan,
  folder: string,
  signal: AbortSignal,
): Promise<DemoMedia | null> {
  if (!(await app.ffmpeg.available())) {
    return null;
  }
  const lavfi = (source: string) => ['-f', 'lavfi', '-i', source];
  const sine = (frequency: number, seconds: number) =>
    lavfi(`sine=frequency=${frequency}:sample_rate=48000:duration=${seconds}`);
  const webm = ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k'];
  const files = {
    caller: path.join(folder, 'caller.webm'),
    member: path.join(folder, 'member.webm'),
    message: path.join(folder, 'message.mp4'),
    poster: path.join(folder, 'message.jpg'),
  };
  const sources = await app.ffmpeg.run(
    [
      '-v',
      'error',
      '-y',
      ...lavfi(`testsrc=size=320x240:rate=15:duration=${MEDIA_SECONDS}`),
      ...sine(440, MEDIA_SECONDS),
      ...lavfi(`testsrc2=size=320x240:rate=15:duration=${MEDIA_SECONDS}`),
      ...sine(660, MEDIA_SECONDS),
      ...lavfi(`smptebars=size=480x270:rate=25:duration=${MESSAGE_SECONDS}`),
      ...sine(523, MESSAGE_SECONDS),
      ...['-map', '0:v', '-map', '1:a', ...webm, '-c:a', 'libopus', '-b:a', '32k', files.caller],
      ...['-map', '2:v', '-map', '3:a', ...webm, '-c:a', 'libopus', '-b:a', '32k', files.member],
      ...['-map', '4:v', '-map', '5:a', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart', files.message],
      ...['-map', '4:v', '-ss', '1', '-frames:v', '1', '-update', '1', '-q:v', '4', files.poster],
    ],
    { timeoutMs: MEDIA_TIMEOUT_MS, signal },
  );
  if (sources.code !== 0) {
    app.log.warn({ stderr: sources.stderr.slice(-1000) }, 'ffmpeg could not make the demo media');
    return null;
  }

  const withMedia = plan.calls.flatMap((call, index) =>
    call.withMedia && call.durationSeconds ? [{ index, seconds: Math.min(call.durationSeconds, MEDIA_SECONDS) }] : [],
  );
  const clips = withMedia.map(({ index }) => ({
    index,
    caller: path.join(folder, `${index}-caller.webm`),
    member: path.join(folder, `${index}-member.webm`),
  }));
  const cuts =
    clips.length === 0
      ? { code: 0, stderr: '' }
      : await app.ffmpeg.run(
          [
            '-v',
            'error',
            '-y',
            '-i',
            files.caller,
            '-i',
            files.member,
            ...withMedia.flatMap(({ seconds }, position) => {
              const clip = clips[position];
              return clip
                ? [
                    ...['-map', '0', '-t', String(seconds), '-c', 'copy', clip.caller],
                    ...['-map', '1', '-t', String(seconds), '-c', 'copy', clip.member],
                  ]
                : [];
            }),
          ],
          { timeoutMs: MEDIA_TIMEOUT_MS, signal },
        );
  const sides = new Map<number, { caller: string; member: string }>();
  if (cuts.code === 0) {
    for (const clip of clips) {
      sides.set(clip.index, { caller: clip.caller, member: clip.member });
    }
  }
  const posterMade = await stat(files.poster).then(
    (details) => details.size > 0,
    () => false,
  );
  return {
    message: {
      file: files.message,
      size: (await stat(files.message)).size,
      durationSeconds: MESSAGE_SECONDS,
      poster: posterMade ? files.poster : null,
    },
    sides,
  };
}

function batches<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
}

/** Column → PostgreSQL type of the rows the demo inserts. */
const VIDEO_COLUMNS = {
  id: 'uuid',
  team_id: 'uuid',
  owner_id: 'uuid',
  title: 'text',
  kind: 'text',
  ref: 'text',
  status: 'text',
  error_message: 'text',
  content_type: 'text',
  declared_size: 'bigint',
  storage_key: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const satisfies Record<string, ColumnType>;
const CALL_COLUMNS = {
  id: 'uuid',
  team_id: 'uuid',
  serial_number: 'integer',
  incoming_at: 'timestamptz',
  player_id: 'text',
  caller_name: 'text',
  caller_contact: 'text',
  caller_email: 'text',
  received_by: 'uuid',
  received_at: 'timestamptz',
  ended_at: 'timestamptz',
  hold_seconds: 'integer',
  duration_seconds: 'integer',
  message_video_id: 'uuid',
  recording_status: 'text',
  recording_error: 'text',
  transcript: 'text',
  follow_up: 'text',
  created_at: 'timestamptz',
} as const satisfies Record<string, ColumnType>;
const CAPTION_COLUMNS = {
  team_id: 'uuid',
  call_id: 'uuid',
  start_seconds: 'double precision',
  end_seconds: 'double precision',
  speaker: 'text',
  text: 'text',
} as const satisfies Record<string, ColumnType>;
const NOTE_COLUMNS = {
  team_id: 'uuid',
  call_id: 'uuid',
  author_id: 'uuid',
  message: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const satisfies Record<string, ColumnType>;

/**
 * Rows per statement, so that one statement keeps PGlite (which runs on the server's own thread)
 * busy for a tenth of a second or so on a quiet machine: a health check or a signal waits no
 * longer than that (measured with four busy processes beside it: 0.6 s at most).
 */
const ROWS_PER_STATEMENT = { videos: 2500, calls: 500, captions: 4000, notes: 2500 } as const;
/** Calls counted by one statement when the demo counts them itself (PGlite gives way between statements). */
const CALLS_PER_COUNTING = 1000;

/** The tables the demo fills in bulk, and the only triggers they may have for those to go off meanwhile. */
const BULK_TABLES = ['videos', 'calls', 'captions', 'notes'] as const;
const CALL_COUNT_TRIGGERS = [
  'calls_counted_insert',
  'calls_counted_update',
  'calls_counted_delete',
  'calls_counted_truncate',
] as const;

/**
 * Stores the message video's file once per message: on local disk as hard links to one file (each
 * video keeps a key of its own, so deleting one leaves the others playing); on S3 as one shared
 * object, which deleting any of those videos removes. Answers each video's keys; `stored` gets
 * each key as it is written.
 */
async function storeMessageFiles(
  app: FastifyInstance,
  teamId: string,
  videoIds: readonly string[],
  media: NonNullable<DemoMedia['message']>,
  stored: string[],
): Promise<{ id: string; storage_key: string; poster_key: string | null }[]> {
  const [firstId] = videoIds;
  if (!firstId) {
    return [];
  }
  const posterBytes = media.poster ? await readFile(media.poster) : null;
  const firstVideo = videoKey(teamId, firstId);
  const firstPoster = posterBytes ? posterKey(teamId, firstId) : null;
  stored.push(firstVideo);
  await app.storage.put(firstVideo, await readFile(media.file), 'video/mp4');
  if (posterBytes && firstPoster) {
    stored.push(firstPoster);
    await app.storage.put(firstPoster, posterBytes, 'image/jpeg');
  }
  const local = app.localStore;
  if (!local) {
    return videoIds.map((id) => ({ id, storage_key: firstVideo, poster_key: firstPoster }));
  }
  const videoSource = local.filePath(firstVideo);
  const posterSource = firstPoster ? local.filePath(firstPoster) : null;
  for (const group of batches(videoIds.slice(1), 200)) {
    await Promise.all(
      group.map(async (id) => {
        stored.push(videoKey(teamId, id));
        await link(videoSource, local.filePath(videoKey(teamId, id)));
        if (posterSource) {
          stored.push(posterKey(teamId, id));
          await link(posterSource, local.filePath(posterKey(teamId, id)));
        }
      }),
    );
  }
  return videoIds.map((id) => ({
    id,
    storage_key: videoKey(teamId, id),
    poster_key: posterSource ? posterKey(teamId, id) : null,
  }));
}

/** Takes away the files a load that did not finish stored; what cannot go stays, unreferenced. */
export async function removeDemoFiles(app: FastifyInstance, keys: readonly string[]): Promise<void> {
  for (const group of batches(keys, 200)) {
    await Promise.all(
      group.map((key) =>
        app.storage.delete(key).catch((error: unknown) => {
          app.log.warn({ err: error, key }, 'a file of the unfinished demo load stays behind');
        }),
      ),
    );
  }
}

/** A year of demo calls before it goes in: the plan, and ffmpeg already making the media. */
export interface PreparedDemoCalls {
  plan: DemoPlan;
  media: Promise<DemoMedia | null>;
  /** Stops ffmpeg if it still runs and removes its working folder; once the load is over, whichever way. */
  dispose: () => Promise<void>;
}

/**
 * Plans the year (see {@link generateDemoCalls}) for members of these names and starts ffmpeg on
 * its media, which works in processes of its own while the rows go in.
 */
export async function prepareDemoCalls(
  app: FastifyInstance,
  memberNames: readonly string[],
  options: DemoCallsOptions = {},
  signal?: AbortSignal,
): Promise<PreparedDemoCalls> {
  const plan = generateDemoCalls({
    count: options.count ?? DEMO_CALL_COUNT,
    now: options.now ?? new Date(),
    seed: options.seed ?? DEMO_SEED,
    members: memberNames,
  });
  const folder = await mkdtemp(path.join(os.tmpdir(), 'parley-demo-'));
  const stop = new AbortController();
  const mediaSignal = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  const media =
    options.media === false
      ? Promise.resolve(null)
      : makeDemoMedia(app, plan, folder, mediaSignal).catch((error: unknown) => {
          if (!mediaSignal.aborted) {
            app.log.warn({ err: error }, 'demo media could not be made');
          }
          return null;
        });
  return {
    plan,
    media,
    dispose: async () => {
      stop.abort();
      await media;
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/**
 * Loads a prepared year of calls into the team within the demo's transaction: the message videos
 * (without a file until ffmpeg's is stored), the calls with their transcripts, captions and notes,
 * in a few large statements; then the files, once ffmpeg has made them (none without ffmpeg: the
 * message videos then stay in `error`). Each key of a stored file goes to `stored` as it is
 * written, so that a load that fails can take its files away again.
 */
export async function loadDemoCalls(
  app: FastifyInstance,
  load: DemoTransaction,
  prepared: PreparedDemoCalls,
  teamId: string,
  members: readonly { id: string }[],
  stored: string[],
  report: (step: DemoStep) => void = () => {},
): Promise<DemoCallsSummary> {
  const { plan } = prepared;
  const memberId = (index: number) => {
    const member = members[index];
    if (!member) {
      throw new Error(`No demo member ${index}.`);
    }
    return member.id;
  };
  const callIds = plan.calls.map(() => randomUUID());
  const messageIds = plan.calls.map((call): string | null => (call.leftMessage ? randomUUID() : null));
  let captionCount = 0;

  // With the triggers off (no foreign-key check per row, no call counts per statement) the rows go in
  // in two thirds of the time; they are the demo's own, made to fit, and the counts are made once below.
  const countsLeft = await load.withoutTriggers(BULK_TABLES, CALL_COUNT_TRIGGERS, async () => {
    // Until its file exists, a message video says why it has none.
    const videoRows = plan.calls.flatMap((call, index) => {
      const id = messageIds[index];
      return id
        ? [
            {
              id,
              team_id: teamId,
              owner_id: memberId(0),
              title: `Message from ${call.callerName || 'a visitor'}`,
              kind: 'message',
              ref: callIds[index],
              status: 'error',
              error_message: NO_DEMO_MEDIA,
              content_type: 'video/mp4',
              declared_size: 0,
              storage_key: videoKey(teamId, id),
              created_at: call.endedAt,
              updated_at: call.endedAt,
            },
          ]
        : [];
    });
    await load.insert('videos', VIDEO_COLUMNS, videoRows, ROWS_PER_STATEMENT.videos);
    const callRows = plan.calls.map((call, index) => ({
      id: callIds[index],
      team_id: teamId,
      serial_number: call.serialNumber,
      incoming_at: call.incomingAt,
      player_id: call.playerId,
      caller_name: call.callerName,
      caller_contact: call.callerContact,
      caller_email: call.callerEmail,
      received_by: call.member === null ? null : memberId(call.member),
      received_at: call.receivedAt,
      ended_at: call.endedAt,
      hold_seconds: call.holdSeconds,
      duration_seconds: call.durationSeconds,
      message_video_id: messageIds[index],
      recording_status: call.recordingStatus,
      recording_error: call.recordingError,
      transcript: call.transcript,
      follow_up: call.followUp,
      created_at: call.incomingAt,
    }));
    await load.insert('calls', CALL_COLUMNS, callRows, ROWS_PER_STATEMENT.calls);
    report('calls');
    const captionRows = plan.calls.flatMap((call, index) =>
      call.cues.map((cue) => ({
        team_id: teamId,
        call_id: callIds[index],
        start_seconds: cue.start,
        end_seconds: cue.end,
        speaker: cue.speaker,
        text: cue.text,
      })),
    );
    captionCount = captionRows.length;
    await load.insert('captions', CAPTION_COLUMNS, captionRows, ROWS_PER_STATEMENT.captions);
    report('captions');
    const noteRows = plan.notes.map((note) => ({
      team_id: teamId,
      call_id: callIds[note.call],
      author_id: memberId(note.member),
      message: note.message,
      created_at: note.createdAt,
      updated_at: note.createdAt,
    }));
    await load.insert('notes', NOTE_COLUMNS, noteRows, ROWS_PER_STATEMENT.notes);
    report('notes');
  });
  if (countsLeft) {
    // What the triggers on calls would have added, in statements of their own making (migration 0004),
    // each over a share of the calls: each adds to the rows the ones before made, as the triggers
    // do, and PGlite answers /healthz between them (over all 20,000 calls at once it held it 1.1 s).
    for (let from = 0; from < plan.calls.length; from += CALLS_PER_COUNTING) {
      const [counting] = await load.query<{ statement: string }>(
        `select call_counts_statement(format(
          'SELECT team_id, received_by, answered, message_left, incoming_at, hold_seconds, duration_seconds, 1 AS delta FROM calls WHERE team_id = %L AND serial_number > %s AND serial_number <= %s',
          $1::uuid, $2::integer, $3::integer)) as statement`,
        [teamId, from, from + CALLS_PER_COUNTING],
      );
      if (!counting) {
        throw new Error('The call counts statement was not made.');
      }
      await load.query(counting.statement);
      await load.pause();
    }
    report('counts');
  }

  const media = await prepared.media;
  await load.pause();
  report('media');
  const videoIds = messageIds.filter((id): id is string => id !== null);
  let messageMedia = false;
  if (media?.message && videoIds.length > 0) {
    const keys = await storeMessageFiles(app, teamId, videoIds, media.message, stored);
    const { size, durationSeconds } = media.message;
    const duration = durationSeconds === null ? null : Math.round(durationSeconds * 1000) / 1000;
    for (const batch of batches(keys, 5000)) {
      await load.db.execute(sql`
        update videos set status = 'ready', error_message = null, size = ${size}, declared_size = ${size},
          duration_seconds = ${duration}, storage_key = rows.storage_key, poster_key = rows.poster_key
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as rows(id uuid, storage_key text, poster_key text)
        where videos.id = rows.id and videos.team_id = ${teamId}`);
    }
    messageMedia = true;
  }

  // Real raw media for the recent calls that have it: their recordings can be generated.
  let callsWithMedia = 0;
  const mediaRows: (typeof callMedia.$inferInsert)[] = [];
  for (const [index, files] of media?.sides ?? []) {
    const callId = callIds[index];
    if (!callId) {
      continue;
    }
    for (const [source, file, offsetSeconds] of [
      ['caller', files.caller, 0],
      ['member', files.member, 0.6],
    ] as const) {
      const storageKey = videoKey(teamId, randomUUID());
      stored.push(storageKey);
      await app.storage.put(storageKey, await readFile(file), 'video/webm');
      mediaRows.push({ teamId, callId, source, storageKey, contentType: 'video/webm', offsetSeconds });
    }
    callsWithMedia += 1;
  }
  if (mediaRows.length > 0) {
    await load.db.insert(callMedia).values(mediaRows);
  }
  await load.pause();
  report('files');

  return {
    calls: plan.calls.length,
    missed: plan.calls.filter((call) => call.member === null).length,
    messages: videoIds.length,
    notes: plan.notes.length,
    captions: captionCount,
    callsWithMedia,
    messageMedia,
  };
}

/**
 * Loads a year of demo calls into an existing team (see {@link loadDemoCalls}), in one transaction
 * of its own: a load that fails or is aborted leaves no row and no file behind.
 */
export async function seedDemoCalls(
  app: FastifyInstance,
  teamId: string,
  members: readonly { id: string; name: string }[],
  options: DemoCallsOptions & { signal?: AbortSignal } = {},
): Promise<DemoCallsSummary> {
  const prepared = await prepareDemoCalls(
    app,
    members.map((member) => member.name),
    options,
    options.signal,
  );
  const stored: string[] = [];
  try {
    return await inDemoTransaction(app, options.signal, (load) =>
      loadDemoCalls(app, load, prepared, teamId, members, stored),
    );
  } catch (error) {
    await removeDemoFiles(app, stored);
    throw error;
  } finally {
    await prepared.dispose();
  }
}
