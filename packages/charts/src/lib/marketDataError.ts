import { messages } from '../i18n/zh-CN';
import { EmotionDataError } from './dataError';

/**
 * Quote data a stock chart cannot draw. A kind of EmotionDataError, so the charts' shared error handling
 * shows it in the error state; its message names quote data rather than emotion values.
 */
export class MarketDataError extends EmotionDataError {
  override name = 'MarketDataError';
  constructor(detail: string) {
    super(detail);
    this.message = messages.market.errors.invalidData(detail);
  }
}
