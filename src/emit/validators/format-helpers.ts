/**
 * The ajv-formats 3.0.1 `fullFormats` entries that are functions (regex formats are inlined by Ajv
 * itself as literals), ported to ESM source for helpers.ts. MIT, as the original.
 */
import type { Helper } from './inlined-helper.js';

const DATE: Helper = {
  name: '$date',
  deps: [],
  source: `// RFC 3339 full-date, with real month lengths and leap years.
const $DATE = /^(\\d\\d\\d\\d)-(\\d\\d)-(\\d\\d)$/;
const $DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
function $date(str: string): boolean {
  const m = $DATE.exec(str);
  if (!m) return false;
  const year = +m[1], month = +m[2], day = +m[3];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : $DAYS[month]);
}
function $compareDate(d1: string, d2: string): number | undefined {
  if (!(d1 && d2)) return undefined;
  return d1 > d2 ? 1 : d1 < d2 ? -1 : 0;
}`,
};

const TIME: Helper = {
  name: '$time',
  deps: [],
  source: `// RFC 3339 time (leap seconds only at 23:59:60 UTC); strictTimeZone requires the offset.
const $TIME = /^(\\d\\d):(\\d\\d):(\\d\\d(?:\\.\\d+)?)(z|([+-])(\\d\\d)(?::?(\\d\\d))?)?$/i;
function $time(strictTimeZone: boolean): (str: string) => boolean {
  return (str) => {
    const m = $TIME.exec(str);
    if (!m) return false;
    const hr = +m[1], min = +m[2], sec = +m[3];
    const tzSign = m[5] === '-' ? -1 : 1;
    const tzH = +(m[6] || 0), tzM = +(m[7] || 0);
    if (tzH > 23 || tzM > 59 || (strictTimeZone && !m[4])) return false;
    if (hr <= 23 && min <= 59 && sec < 60) return true;
    const utcMin = min - tzM * tzSign;
    const utcHr = hr - tzH * tzSign - (utcMin < 0 ? 1 : 0);
    return (utcHr === 23 || utcHr === -1) && (utcMin === 59 || utcMin === -1) && sec < 61;
  };
}
function $compareTime(s1: string, s2: string): number | undefined {
  if (!(s1 && s2)) return undefined;
  const t1 = new Date('2020-01-01T' + s1).valueOf(), t2 = new Date('2020-01-01T' + s2).valueOf();
  if (!(t1 && t2)) return undefined;
  return t1 - t2;
}`,
};

const DATE_TIME: Helper = {
  name: '$dateTime',
  deps: ['$date', '$time'],
  source: `// RFC 3339 date-time: a full-date, "T" (or a space), a time.
const $DATE_TIME_SEPARATOR = /t|\\s/i;
function $dateTime(strictTimeZone: boolean): (str: string) => boolean {
  const time = $time(strictTimeZone);
  return (str) => {
    const parts = str.split($DATE_TIME_SEPARATOR);
    return parts.length === 2 && $date(parts[0]) && time(parts[1]);
  };
}`,
};

const URI: Helper = {
  name: '$uri',
  deps: [],
  source: `// RFC 3986 absolute URI (jmrware.com's URI regex), which must contain "/" or ":".
const $URI = /^(?:[a-z][a-z0-9+\\-.]*:)(?:\\/?\\/(?:(?:[a-z0-9\\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\\d|[01]?\\d\\d?)\\.){3}(?:25[0-5]|2[0-4]\\d|[01]?\\d\\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\\.[a-z0-9\\-._~!$&'()*+,;=:]+)\\]|(?:(?:25[0-5]|2[0-4]\\d|[01]?\\d\\d?)\\.){3}(?:25[0-5]|2[0-4]\\d|[01]?\\d\\d?)|(?:[a-z0-9\\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\\d*)?(?:\\/(?:[a-z0-9\\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\\/(?:(?:[a-z0-9\\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\\/(?:[a-z0-9\\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\\/(?:[a-z0-9\\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\\?(?:[a-z0-9\\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;
const $NOT_URI_FRAGMENT = /\\/|:/;
function $uri(str: string): boolean {
  return $NOT_URI_FRAGMENT.test(str) && $URI.test(str);
}`,
};

const REGEX: Helper = {
  name: '$regex',
  deps: [],
  source: `// format "regex": the string compiles as a RegExp (a regular expression, not code) and has no "\\\\Z".
const $Z_ANCHOR = /[^\\\\]\\\\Z/;
function $regex(str: string): boolean {
  if ($Z_ANCHOR.test(str)) return false;
  try {
    new RegExp(str);
    return true;
  } catch {
    return false;
  }
}`,
};

const BYTE: Helper = {
  name: '$byte',
  deps: [],
  source: `// format "byte": base64 (OpenAPI).
const $BYTE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/gm;
function $byte(str: string): boolean {
  $BYTE.lastIndex = 0;
  return $BYTE.test(str);
}`,
};

const NUMBERS: Helper = {
  name: '$numberFormats',
  deps: [],
  source: `// OpenAPI number formats: int32 is range-checked; any JS integer fits int64; float/double accept all numbers.
const $int32 = { type: 'number', validate: (value: number): boolean => Number.isInteger(value) && value <= 2 ** 31 - 1 && value >= -(2 ** 31) };
const $int64 = { type: 'number', validate: (value: number): boolean => Number.isInteger(value) };
const $anyNumber = { type: 'number', validate: (): boolean => true };`,
};

const COMPARE_DATE_TIME: Helper = {
  name: '$compareDateTimeStrict',
  deps: [],
  source: `// Ordering of date-times for formatMinimum/formatMaximum.
function $compareDateTimeStrict(dt1: string, dt2: string): number | undefined {
  if (!(dt1 && dt2)) return undefined;
  const d1 = new Date(dt1).valueOf(), d2 = new Date(dt2).valueOf();
  if (!(d1 && d2)) return undefined;
  return d1 - d2;
}`,
};

const COMPARE_ISO_TIME: Helper = {
  name: '$compareIsoTime',
  deps: ['$time'],
  source: `// Ordering of iso-times (offsets ignored, as ajv-formats does).
function $compareIsoTime(t1: string, t2: string): number | undefined {
  if (!(t1 && t2)) return undefined;
  const a1 = $TIME.exec(t1), a2 = $TIME.exec(t2);
  if (!(a1 && a2)) return undefined;
  const s1 = a1[1] + a1[2] + a1[3], s2 = a2[1] + a2[2] + a2[3];
  return s1 > s2 ? 1 : s1 < s2 ? -1 : 0;
}`,
};

const COMPARE_ISO_DATE_TIME: Helper = {
  name: '$compareIsoDateTime',
  deps: ['$date', '$time', '$dateTime'],
  source: `// Ordering of iso-date-times: by date, then by time.
function $compareIsoDateTime(dt1: string, dt2: string): number | undefined {
  if (!(dt1 && dt2)) return undefined;
  const [d1, t1] = dt1.split($DATE_TIME_SEPARATOR), [d2, t2] = dt2.split($DATE_TIME_SEPARATOR);
  const res = $compareDate(d1, d2);
  if (res === undefined) return undefined;
  return res || $compareTime(t1, t2);
}`,
};

/** A format helper: the expression that stands for `fullFormats[name]`, and the helper declaring it. */
export interface FormatUse {
  readonly expression: string;
  readonly helpers: readonly Helper[];
}

// The shape of each expression matches ajv-formats: `{ validate, compare }` objects for dates and times
// (format code calls `.validate`, formatMinimum/-Maximum call `.compare`), plain functions otherwise.
const FORMATS: Readonly<Record<string, FormatUse>> = {
  date: { expression: '{ validate: $date, compare: $compareDate }', helpers: [DATE] },
  time: { expression: '{ validate: $time(true), compare: $compareTime }', helpers: [TIME] },
  'date-time': {
    expression: '{ validate: $dateTime(true), compare: $compareDateTimeStrict }',
    helpers: [DATE_TIME, COMPARE_DATE_TIME],
  },
  'iso-time': {
    expression: '{ validate: $time(false), compare: $compareIsoTime }',
    helpers: [TIME, COMPARE_ISO_TIME],
  },
  'iso-date-time': {
    expression: '{ validate: $dateTime(false), compare: $compareIsoDateTime }',
    helpers: [DATE_TIME, COMPARE_ISO_DATE_TIME],
  },
  uri: { expression: '$uri', helpers: [URI] },
  regex: { expression: '$regex', helpers: [REGEX] },
  byte: { expression: '$byte', helpers: [BYTE] },
  int32: { expression: '$int32', helpers: [NUMBERS] },
  int64: { expression: '$int64', helpers: [NUMBERS] },
  float: { expression: '$anyNumber', helpers: [NUMBERS] },
  double: { expression: '$anyNumber', helpers: [NUMBERS] },
};

/** Format helpers in declaration order (dependencies first). */
export const FORMAT_HELPERS: readonly Helper[] = [
  DATE,
  TIME,
  DATE_TIME,
  COMPARE_DATE_TIME,
  COMPARE_ISO_TIME,
  COMPARE_ISO_DATE_TIME,
  URI,
  REGEX,
  BYTE,
  NUMBERS,
];

/** How `fullFormats[name]` is written with inlined helpers; undefined for formats Ajv inlines itself or does not know. */
export function formatUse(name: string): FormatUse | undefined {
  return Object.hasOwn(FORMATS, name) ? FORMATS[name] : undefined;
}
