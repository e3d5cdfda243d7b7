/** Keys are made by the server (`chat/<user>/<uuid>`); anything else is refused rather than resolved. */
const KEY = /^[a-z]+(\/[0-9a-f-]{36})+$/;
export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid file key: ${key}`);
  return key;
}
