import { messages } from '../i18n/zh-CN';

/** Data a chart cannot draw. Its message is Chinese and meant for the user, shown in the error state. */
export class EmotionDataError extends Error {
  override name = 'EmotionDataError';
  constructor(detail: string) {
    super(messages.errors.invalidData(detail));
  }
}
