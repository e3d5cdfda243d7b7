import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { MarketProvider } from './provider';
import { sharedSimulatedMarket } from './simulated';

/** The configured market data source; the simulated market unless Eastmoney is opted into. */
export function createMarketProvider(_config: Config['market'], _logger: Logger): MarketProvider {
  return sharedSimulatedMarket();
}
