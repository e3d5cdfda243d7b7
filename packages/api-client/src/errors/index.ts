export {
  ApiError,
  type ApiErrorBody,
  isAbortError,
  NetworkError,
  parseErrorBody,
  ResponseFormatError,
  StreamError,
  TimeoutError,
} from './errors';
export {
  isTokenServiceError,
  TOKEN_SERVICE_ERROR_CODES,
  TokenServiceError,
  type TokenServiceErrorCode,
} from './tokenServiceError';
