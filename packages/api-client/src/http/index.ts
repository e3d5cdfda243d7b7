export {
  type AuthHandler,
  createHttpClient,
  DEFAULT_BASE_URL,
  DEFAULT_TIMEOUT_MS,
  type FetchLike,
  type HttpClient,
  type HttpClientOptions,
  type HttpMethod,
  type JsonRequestOptions,
  type QueryValue,
  type RequestOptions,
} from './httpClient';
