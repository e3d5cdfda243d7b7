import { createContext, useContext } from 'react';

/**
 * How a message gets a stored file's bytes as an object URL: the chat's `fileUrlAtom` on the page
 * (fetched with the user's token, once per file), a fixture in stories. Without a provider nothing loads.
 */
export const FileLoaderContext = createContext<(url: string) => Promise<string>>(() =>
  Promise.reject(new Error('no file loader')),
);

export const useFileLoader = () => useContext(FileLoaderContext);
