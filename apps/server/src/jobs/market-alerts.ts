import type { PgBoss } from 'pg-boss';
import type { Db } from '../db/client';
import { syncMarketAlerts } from '../features/climate/market.service';
import type { Logger } from '../lib/logger';

const MARKET_ALERTS_QUEUE = 'market-alerts';

/**
 * Every morning (07:00 Lagos): each crop's marketplace prices this week against the 28 days before,
 * and the farms that grow it or keep it in store told of a large move (market.service.ts). Its own
 * job, not part of the weather refresh: it needs no weather service, and prices over a week move
 * once a day at most, not every 3 hours.
 */
export async function startMarketAlerts(boss: PgBoss, deps: { db: Db; logger: Logger }): Promise<void> {
  await boss.createQueue(MARKET_ALERTS_QUEUE, { policy: 'singleton', retryLimit: 1, retryDelay: 300 });
  await boss.work(MARKET_ALERTS_QUEUE, async () => {
    const result = await syncMarketAlerts(deps, new Date());
    if (result.sent > 0) deps.logger.info('climate: market alerts sent', result);
  });
  await boss.schedule(MARKET_ALERTS_QUEUE, '0 7 * * *', null, { tz: 'Africa/Lagos' });
}
