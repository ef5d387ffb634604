/**
 * An HTTP-date (IMF-fixdate, RFC 850 or asctime) opens with the day's name
 * and holds a time: Date.parse alone would read a date into almost anything.
 */
const HTTP_DATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? .*\b\d{2}:\d{2}:\d{2}\b/;

/** The moment an HTTP-date names (`Date`, `Retry-After`), in epoch ms; null where absent or unreadable. */
export function readHttpDate(value: string | null | undefined): number | null {
  const text = value?.trim() ?? '';
  const moment = HTTP_DATE.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(moment) ? null : moment;
}
