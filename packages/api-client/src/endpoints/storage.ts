import { type StorageUsage, storagePaths, storageUsage } from '../contract/storage';
import type { HttpClient } from '../http/httpClient';
import type { CallOptions } from './auth';

export interface StorageApi {
  /** What the server keeps for the user, against the user's allowance. */
  usage(options?: CallOptions): Promise<StorageUsage>;
}

export function createStorageApi(http: HttpClient): StorageApi {
  return {
    usage(options = {}) {
      return http.get(storagePaths.usage, { schema: storageUsage, ...options });
    },
  };
}
