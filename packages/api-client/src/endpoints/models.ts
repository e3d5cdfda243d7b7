import { type ChatModel, modelListAnswer, modelsPaths } from '../contract/models';
import type { HttpClient } from '../http/httpClient';
import type { CallOptions } from './auth';

export interface ModelsApi {
  /** The models the user may chat with, with their prices in credits. */
  listModels(options?: CallOptions): Promise<ChatModel[]>;
}

export function createModelsApi(http: HttpClient): ModelsApi {
  return {
    listModels(options = {}) {
      return http.get(modelsPaths.list, { schema: modelListAnswer, ...options });
    },
  };
}
