import type { Logger } from 'pino';
import type { Config } from '../../config';
import { EastmoneyMarket } from './eastmoney';
import type { MarketProvider } from './provider';
import { sharedSimulatedMarket } from './simulated';

/** The configured market data source; the simulated market unless Eastmoney is opted into. */
export function createMarketProvider(config: Config['market'], logger: Logger): MarketProvider {
  if (config.source === 'eastmoney')
    return new EastmoneyMarket({ retries: config.retries, backoffMs: 1000, logger });
  return sharedSimulatedMarket();
}
