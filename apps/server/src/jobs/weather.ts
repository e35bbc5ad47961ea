import type { PgBoss } from 'pg-boss';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { refreshWeather } from '../features/climate/climate.service';
import type { Logger } from '../lib/logger';

export const WEATHER_REFRESH_QUEUE = 'weather-refresh';

/**
 * One job refreshes every farm's weather every 3 hours, asking once per 0.1° cell; a start asks at
 * once so a new server has a forecast within minutes. Without WEATHER_URL there is nothing to do.
 */
export async function startWeatherRefresh(
  boss: PgBoss,
  deps: { db: Db; logger: Logger; weather: Config['weather'] },
): Promise<void> {
  const { weather } = deps;
  if (!weather) return;
  await boss.createQueue(WEATHER_REFRESH_QUEUE, { policy: 'singleton', retryLimit: 1, retryDelay: 300 });
  await boss.work(WEATHER_REFRESH_QUEUE, async () => {
    const result = await refreshWeather({ db: deps.db, logger: deps.logger, weather });
    deps.logger.info('climate: weather refreshed', result);
  });
  await boss.schedule(WEATHER_REFRESH_QUEUE, '10 */3 * * *', null, { tz: 'Africa/Lagos' });
  await boss.send(WEATHER_REFRESH_QUEUE, null, { singletonKey: 'start' });
}
