/** Longest version name, in characters (the server's VERSION_NAME_MAX). */
export const VERSION_NAME_MAX_CHARS = 100;
