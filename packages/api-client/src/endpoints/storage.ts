import { type StorageUsage, storagePaths, storageUsage } from '../contract/storage';
import type { HttpClient } from '../http/httpClient';
import type { CallOptions } from './auth';

export interface StorageUsageApi {
  /** What the server keeps for the user, against the user's allowance. */
  get(options?: CallOptions): Promise<StorageUsage>;
}

export function createStorageUsageApi(http: HttpClient): StorageUsageApi {
  return {
    get(options = {}) {
      return http.get(storagePaths.usage, { schema: storageUsage, ...options });
    },
  };
}
