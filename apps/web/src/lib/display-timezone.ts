/**
 * The chain's time zone (the server's APP_TIMEZONE) that dates show in, whatever the device's. Apart
 * from lib/dates, which needs @date-fns/tz: the providers set it on every page, the login's included.
 */
let timezone = "America/Sao_Paulo";

export const displayTimezone = () => timezone;

export function setDisplayTimezone(tz: string) {
  timezone = tz;
}
